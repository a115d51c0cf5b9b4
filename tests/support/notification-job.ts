// A notification job in a process of its own, to be killed mid-run (notifications.test.ts):
//   node tests/support/notification-job.ts <database url> <ms per mail>
// Runs the sign-up reminders' job against that database, each mail slowed down by the given time.
import { openDatabase } from '#server/db/client.ts'
import { readEnv } from '#server/env.ts'
import { createAccountsService } from '#server/modules/accounts/accounts.service.ts'
import { createMailService } from '#server/modules/mail/mail.service.ts'
import { createNotificationsService } from '#server/modules/notifications/notifications.service.ts'
import { createSitesService } from '#server/modules/sites/sites.service.ts'

const [url, slow] = process.argv.slice(2)
const env = readEnv({ NODE_ENV: 'test' })
const database = await openDatabase({ url })
const db = database.db
const now = () => new Date()
const sites = await createSitesService(db, env)
const mail = createMailService(db, { from: 'job@example.com', log: console as never, now })
const accounts = createAccountsService(db, { mail, now })
const notifications = await createNotificationsService(db, {
  now,
  sites,
  mail,
  quietSeconds: 300,
  mailEvents: null,
  push: async () => 201,
  activationToken: async (tx, userId) => {
    await new Promise((resolve) => setTimeout(resolve, Number(slow)))
    return accounts.activationToken(tx, userId)
  },
  onError: () => {},
})
console.log('running')
await notifications.sendSignupReminders()
await database.close()
console.log('done')

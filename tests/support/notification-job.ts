// A notification job in a process of its own, to be killed mid-run (job-restart.postgres.test.ts):
//   node tests/support/notification-job.ts <database url> <ms per mail>
// Runs the sign-up reminders' job against that database, each mail slowed down by the given time.
import { openDatabase } from '#server/db/client.ts'
import { readEnv } from '#server/env.ts'
import { standaloneNotificationJobs } from '#server/modules/notifications/standalone-jobs.ts'

const [url, slow] = process.argv.slice(2)
const database = await openDatabase({ url })
const notifications = await standaloneNotificationJobs(database.db, readEnv({ NODE_ENV: 'test' }), {
  now: () => new Date(),
  slowdown: () => new Promise((resolve) => setTimeout(resolve, Number(slow))),
})
console.log('running')
await notifications.sendSignupReminders()
await database.close()
console.log('done')

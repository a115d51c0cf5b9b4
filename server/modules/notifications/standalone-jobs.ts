import type { Db, Executor } from '#server/db/client.ts'
import type { Env } from '#server/env.ts'
import type { Clock } from '#server/lib/clock.ts'
import { keptDeviceCookies } from '#server/lib/device-cookies.ts'
import { noSocketsHere } from '#server/lib/sessions-ended.ts'
import { createAccountsService } from '#server/modules/accounts/accounts.service.ts'
import { createMailService } from '#server/modules/mail/mail.service.ts'
import { createSitesService } from '#server/modules/sites/sites.service.ts'
import { createNotificationsService } from './notifications.service.ts'

/**
 * The notification jobs outside a server (the benchmark, a test's killed process): mails go to the
 * outbox and nowhere else, pushes nowhere. `slowdown` wraps each sign-up reminder's link.
 */
export async function standaloneNotificationJobs(
  db: Db,
  env: Env,
  options: { now: Clock; slowdown?: () => Promise<void> },
) {
  const { now } = options
  const sites = await createSitesService(db, env)
  const mail = createMailService(db, { from: 'jobs@example.com', log: console as never, now })
  const accounts = createAccountsService(db, {
    mail,
    now,
    sessionsEnded: noSocketsHere,
    devices: await keptDeviceCookies(sites),
  })
  return createNotificationsService(db, {
    now,
    sites,
    mail,
    quietSeconds: env.NOTIFY_DELAY_S,
    mailEvents: null,
    push: async () => 201,
    activationToken: async (tx: Executor, userId: number) => {
      await options.slowdown?.()
      return accounts.activationToken(tx, userId)
    },
    onError: () => {},
  })
}

import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/client.ts'
import type { Env } from '#server/env.ts'
import type { Clock } from '#server/lib/clock.ts'
import { createMailService } from '#server/modules/mail/mail.service.ts'
import { twilioSms } from '#server/modules/mail/sms-provider.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'

/**
 * The node's mail (and SMS) sender, started: SMTP or the outbox the app shows, from the first site's
 * support address unless MAIL_FROM says otherwise; Twilio for texts when SMS says so. Stopped with
 * the app.
 */
export function startMail(
  app: FastifyInstance,
  env: Env,
  database: Database,
  sites: SitesService,
  now: Clock,
) {
  const mail = createMailService(database.db, {
    smtpUrl: env.MAIL === 'smtp' ? env.SMTP_URL : undefined,
    from: env.MAIL_FROM ?? `${sites.list()[0].settings.name} <${sites.list()[0].settings.support_email}>`,
    log: app.log,
    now,
    sms:
      env.SMS === 'twilio'
        ? twilioSms({
            accountSid: env.TWILIO_ACCOUNT_SID ?? '',
            authToken: env.TWILIO_AUTH_TOKEN ?? '',
            from: env.TWILIO_FROM ?? '',
            apiUrl: env.TWILIO_API_URL,
          })
        : null,
  })
  mail.start()
  app.addHook('onClose', async () => mail.stop())
  return mail
}

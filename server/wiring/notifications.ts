import type { Agent as HttpsAgent } from 'node:https'
import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/client.ts'
import type { Env } from '#server/env.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { EventBus } from '#server/lib/events.ts'
import type { AccountsService } from '#server/modules/accounts/accounts.service.ts'
import type { MailService } from '#server/modules/mail/mail.service.ts'
import { mailgunEvents } from '#server/modules/notifications/mail-events.ts'
import { createNotificationsService } from '#server/modules/notifications/notifications.service.ts'
import { pushSender } from '#server/modules/notifications/push-sender.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'

/**
 * The node's notifications (ADR 19): mails, their provider's events, and web push, which every event
 * on the bus is offered to until the app closes.
 */
export async function startNotifications(
  app: FastifyInstance,
  env: Env,
  database: Database,
  deps: {
    now: Clock
    sites: SitesService
    mail: MailService
    events: EventBus
    onEventError: (error: unknown) => void
    activationToken: AccountsService['activationToken']
    pushAgent?: HttpsAgent
  },
) {
  const { sites } = deps
  const notifications = await createNotificationsService(database.db, {
    now: deps.now,
    sites,
    mail: deps.mail,
    quietSeconds: env.NOTIFY_DELAY_S,
    mailEvents: env.MAILGUN_WEBHOOK_SIGNING_KEY ? mailgunEvents(env.MAILGUN_WEBHOOK_SIGNING_KEY) : null,
    activationToken: deps.activationToken,
    push: pushSender(
      {
        ...sites.vapidKeys(),
        subject: env.VAPID_SUBJECT ?? `mailto:${sites.list()[0].settings.support_email}`,
      },
      deps.pushAgent,
    ),
    onError: (error) => app.log.warn({ err: error }, 'push failed'),
  })
  const unsubscribe = deps.events.subscribe((event) => {
    notifications.handleEvent(event).catch(deps.onEventError)
  })
  app.addHook('onClose', async () => unsubscribe())
  return notifications
}

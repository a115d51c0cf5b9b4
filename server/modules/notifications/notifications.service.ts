import type { z } from 'zod'
import {
  CONSENT_TYPES,
  type DisabledReason,
  EMAIL_TYPES,
  emailChoices,
  type StoredNotificationSettings,
} from '#common/notifications.ts'
import type { NotificationSettings, NotificationSettingsInput } from '#common/schemas/notifications.ts'
import type { Db, Executor } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { MailService } from '#server/modules/mail/mail.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'
import { dueMailer, MAIL_BATCH } from './due-mails.ts'
import type { MailEventsProvider } from './mail-events.ts'
import {
  likesMail,
  messageMail,
  signupReminderMail,
  turnReminderMail,
  unreadReminderMail,
  weeklyUpdateMail,
} from './notification-mails.ts'
import {
  clearDisabled,
  disableByEmail,
  markAway,
  markOnline,
  recordMailEvent,
  selectDueLikeMails,
  selectDueMessageMails,
  selectDueSignupReminders,
  selectDueUnreadReminders,
  selectSettings,
  updateSettings,
} from './notifications.queries.ts'
import { pushNotifier } from './push-notifier.ts'
import type { PushSend } from './push-sender.ts'
import { selectDueTurnReminders } from './turn-reminders.ts'
import { newSigningKey, unsubscribeTokens } from './unsubscribe-tokens.ts'
import { selectNewMembers, selectWeeklyRecipients } from './weekly-update.queries.ts'
import { newsNearby, weekOf } from './weekly-update.ts'

export type NotificationsService = Awaited<ReturnType<typeof createNotificationsService>>

/** A page's socket keeps its member on the site this long past each heartbeat (30 s apart). */
const PRESENCE_TTL_MS = 90_000
/** A first new like waits this long for others to join it in the day's like mail. */
const LIKE_BATCH_S = 3600

function settingsView(row: {
  settings: StoredNotificationSettings
  disabled: string[]
}): NotificationSettings {
  return {
    email: emailChoices(row.settings),
    push: row.settings.push ?? true,
    notifications_disabled: row.disabled.filter((reason): reason is DisabledReason =>
      ['fbl', 'bounce', 'listunsubscribe'].includes(reason),
    ),
  }
}

/**
 * What reaches a member off the site (ADR 19): their choices of mails and push, the unsubscribe
 * links, the mail provider's bounces and complaints, presence, and the message mails' job.
 */
export async function createNotificationsService(
  db: Db,
  deps: {
    now: Clock
    sites: SitesService
    mail: MailService
    /** NOTIFY_DELAY_S: how long a message stays unread before it is mailed about. */
    quietSeconds: number
    mailEvents: MailEventsProvider | null
    /** Sends one Web Push message (push-sender.ts). */
    push: PushSend
    /** A new activation link's token for a member, within the job's transaction (accounts). */
    activationToken: (tx: Executor, userId: number) => Promise<string>
    onError: (error: unknown) => void
  },
) {
  const { now, sites } = deps
  const tokens = unsubscribeTokens(
    Buffer.from(await sites.keptSecret('unsubscribe_key', newSigningKey), 'base64url'),
  )

  const pushes = pushNotifier(db, {
    now,
    send: deps.push,
    onError: deps.onError,
    siteOf: (siteId) => sites.byId(siteId),
  })

  const mailDue = dueMailer(db, { now, sites, tokens, kick: () => deps.mail.kick() })

  async function load(userId: number) {
    const row = await selectSettings(db, userId)
    if (!row) throw new AppError('authentication_required', 403)
    return row
  }

  return {
    async get(userId: number): Promise<NotificationSettings> {
      return settingsView(await load(userId))
    },

    async update(userId: number, input: z.infer<typeof NotificationSettingsInput>) {
      return db.transaction(async (tx) => {
        const row = await selectSettings(tx, userId)
        if (!row) throw new AppError('authentication_required', 403)
        const stored: StoredNotificationSettings = structuredClone(row.settings)
        const at = now().toISOString()
        for (const type of EMAIL_TYPES) {
          const on = input.email?.[type]
          if (on === undefined) continue
          stored.email = { ...stored.email, [type]: on }
          // The record of consent: when the member said yes to a marketing type (ADR 19).
          if (CONSENT_TYPES.includes(type)) {
            stored.consented = { ...stored.consented }
            if (on) stored.consented[type] ??= at
            else delete stored.consented[type]
          }
        }
        if (input.push !== undefined) stored.push = input.push
        await updateSettings(tx, userId, stored)
        if (input.notifications_disabled) await clearDisabled(tx, userId)
        return settingsView({ settings: stored, disabled: input.notifications_disabled ?? row.disabled })
      })
    },

    /** The List-Unsubscribe link of a mail: turns its type off, without logging in. */
    async unsubscribe(token: string) {
      const found = tokens.read(token)
      if (!found) throw new AppError('notifications.token_invalid', 400)
      return db.transaction(async (tx) => {
        const row = await selectSettings(tx, found.userId)
        if (!row) throw new AppError('notifications.token_invalid', 400)
        const stored = structuredClone(row.settings)
        stored.email = { ...stored.email, [found.type]: false }
        if (stored.consented) delete stored.consented[found.type]
        await updateSettings(tx, found.userId, stored)
        return { ok: true as const, type: found.type }
      })
    },

    /** The type a token unsubscribes from (the confirmation page), or null for a token that is not ours. */
    tokenType: (token: string) => tokens.read(token)?.type ?? null,

    /** A mail provider's webhook: false when its signature does not hold. */
    async receiveMailEvent(body: unknown): Promise<boolean> {
      const event = deps.mailEvents?.read(body, now())
      if (!event || !deps.mailEvents) return false
      await db.transaction(async (tx) => {
        const fresh = await recordMailEvent(tx, { ...event, provider: deps.mailEvents?.name ?? '' }, now())
        if (fresh && event.reason) await disableByEmail(tx, event.recipient, event.reason)
      })
      return true
    },

    /** Every domain event, on every node: a push to an absent member where one is due. */
    handleEvent: pushes,

    /** Members with an open, visible page are on the site until the next heartbeat has passed. */
    online: (userIds: number[]) => markOnline(db, userIds, new Date(now().getTime() + PRESENCE_TTL_MS)),
    away: (userId: number) => markAway(db, userId, now()),

    /**
     * The job: a mail for each conversation left unread for the quiet period by a member who is off
     * the site and takes that type; its once-only key is written with the mail (ADR 19).
     */
    sendMessageMails: () =>
      mailDue(
        (tx, at) => selectDueMessageMails(tx, at, deps.quietSeconds, MAIL_BATCH),
        (row) => ({
          key: `message:${row.conversationId}:${row.userId}:${row.lastRead}`,
          kind: 'message',
          type: row.fresh ? 'new_conversations' : 'new_messages',
          mail: (recipient) =>
            messageMail(
              recipient,
              { name: row.partnerName, fictional: row.partnerFictional },
              row.conversationId,
            ),
        }),
      ),

    /** The job: one mail a day gathers a member's new likes, once the first has waited LIKE_BATCH_S. */
    sendLikeMails: () =>
      mailDue(
        (tx, at) => selectDueLikeMails(tx, at, LIKE_BATCH_S, MAIL_BATCH),
        (row) => ({
          key: `likes:${row.userId}:${row.day}`,
          kind: 'likes',
          type: 'like',
          mail: (recipient) => likesMail(recipient, row.names, row.count),
        }),
      ),

    /**
     * The job (Mondays): members who joined in the last week near each member, their region first,
     * then their country, of the genders they look for; nothing when there is nobody new.
     */
    async sendWeeklyUpdates() {
      const at = now()
      const week = weekOf(at)
      const nearby = newsNearby(await selectNewMembers(db, at))
      let afterId = 0
      return mailDue(
        async (tx, when) => {
          const rows = await selectWeeklyRecipients(tx, when, week, afterId, MAIL_BATCH)
          afterId = rows.at(-1)?.userId ?? afterId
          return rows
        },
        (row) => {
          const members = nearby(row)
          return {
            key: `weekly:${row.userId}:${week}`,
            kind: 'weekly',
            type: 'weekly_updates',
            mail: members.length > 0 ? (recipient) => weeklyUpdateMail(recipient, members) : null,
          }
        },
      )
    },

    /**
     * The job: a member who signed up but has not confirmed their address hears of it a day after
     * signing up and again after three days, each with a fresh activation link; then no more.
     */
    sendSignupReminders: () =>
      mailDue(
        (tx, at) => selectDueSignupReminders(tx, at, MAIL_BATCH),
        (row) => ({
          key: `signup:${row.userId}:${row.step}`,
          kind: 'signup',
          type: 'reminders',
          mail: async (recipient, tx) =>
            signupReminderMail(recipient, await deps.activationToken(tx, row.userId), row.step),
        }),
      ),

    /** The job: "your turn" reminders, a day into a wait for the member's answer (issue 61). */
    sendTurnReminders: () =>
      mailDue(
        (tx, at) => selectDueTurnReminders(tx, at, MAIL_BATCH),
        (row) => ({
          key: `turn:${row.userId}:${row.day}`,
          kind: 'turn',
          type: 'unread_message_reminders',
          mail: (recipient) => turnReminderMail(recipient, row.partnerNames, row.count),
        }),
      ),

    /** The job: a reminder of messages unread for a day, at most once a day. */
    sendUnreadReminders: () =>
      mailDue(
        (tx, at) => selectDueUnreadReminders(tx, at, MAIL_BATCH),
        (row) => ({
          key: `unread:${row.userId}:${row.day}`,
          kind: 'unread',
          type: 'unread_message_reminders',
          mail: (recipient) =>
            unreadReminderMail(
              recipient,
              row.partnerNames.map((name, i) => ({ name, fictional: row.partnerFictional[i] ?? false })),
              row.count,
            ),
        }),
      ),
  }
}

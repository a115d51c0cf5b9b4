import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { DisabledReason } from '#common/notifications.ts'

/** A mail provider's event that stops mails to an address (ADR 19). */
interface MailEvent {
  /** The provider's id of the event: a retried webhook carries the same. */
  id: string
  event: string
  recipient: string
  reason: DisabledReason | null
}

/** One provider's webhook format: checks its signature and reads its event. */
export interface MailEventsProvider {
  name: string
  /** The event, or null when the signature is wrong, stale or missing. */
  read(body: unknown, now: Date): MailEvent | null
}

const MailgunBody = z.object({
  signature: z.object({
    timestamp: z.string().regex(/^\d{1,12}$/),
    token: z.string().min(1).max(200),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  'event-data': z.object({
    id: z.string().min(1).max(200),
    event: z.string().max(50),
    severity: z.string().max(50).optional(),
    recipient: z.string().max(320),
  }),
})

/** Events older than this are refused (a captured request cannot be replayed later). */
const MAILGUN_MAX_AGE_S = 15 * 60

/**
 * Mailgun's webhooks: JSON with `signature` {timestamp, token, signature}, the hex HMAC-SHA256 of
 * timestamp + token under the webhook signing key, and `event-data`. A permanent failure is a hard
 * bounce, `complained` a spam complaint, `unsubscribed` Mailgun's own unsubscribe link.
 */
export function mailgunEvents(signingKey: string): MailEventsProvider {
  return {
    name: 'mailgun',
    read(body, now) {
      const parsed = MailgunBody.safeParse(body)
      if (!parsed.success) return null
      const { signature, 'event-data': data } = parsed.data
      const expected = createHmac('sha256', signingKey)
        .update(signature.timestamp + signature.token)
        .digest()
      const given = Buffer.from(signature.signature, 'hex')
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      if (Math.abs(now.getTime() / 1000 - Number(signature.timestamp)) > MAILGUN_MAX_AGE_S) return null
      const reason: DisabledReason | null =
        data.event === 'failed' && data.severity === 'permanent'
          ? 'bounce'
          : data.event === 'complained'
            ? 'fbl'
            : data.event === 'unsubscribed'
              ? 'listunsubscribe'
              : null
      return { id: data.id, event: data.event, recipient: data.recipient, reason }
    },
  }
}

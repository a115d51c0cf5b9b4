import { z } from 'zod'
import { DISABLED_REASONS, EMAIL_TYPES } from '../notifications.ts'

const EmailChoices = z.strictObject(
  Object.fromEntries(EMAIL_TYPES.map((type) => [type, z.boolean()])) as {
    [K in (typeof EMAIL_TYPES)[number]]: z.ZodBoolean
  },
)

/** GET /api/notifications.php: the member's notification settings (ADR 19). */
export const NotificationSettings = z.object({
  email: EmailChoices,
  /** Push notifications to this member's subscribed browsers. */
  push: z.boolean(),
  /** Why no mail goes to the member at all; empty when mails go out. */
  notifications_disabled: z.array(z.enum(DISABLED_REASONS)),
})
export type NotificationSettings = z.infer<typeof NotificationSettings>

/**
 * PUT /api/notifications.php: any of the types, push, and `notifications_disabled: []` to turn mails
 * back on after a bounce, a complaint or an unsubscribe (a member clears the reasons, never adds one).
 */
export const NotificationSettingsInput = z
  .object({
    email: EmailChoices.partial(),
    push: z.boolean(),
    notifications_disabled: z.array(z.never()).max(0),
  })
  .partial()
  .strict()

/** POST /api/unsubscribe.php: the token of the mail's List-Unsubscribe link (RFC 8058 one-click). */
export const UnsubscribeQuery = z.object({ token: z.string().min(1).max(200) })
export const UnsubscribeInput = z
  .object({ 'List-Unsubscribe': z.literal('One-Click') })
  .partial()
  .optional()
export const UnsubscribeResponse = z.object({
  ok: z.literal(true),
  type: z.enum(EMAIL_TYPES),
})

/** POST /api/page-hidden.php: the beacon a page sends when it is hidden (spec section 7). */
export const PageHiddenInput = z.object({}).optional()

/** A mail provider's webhook body: its own format, read and verified by its adapter on the server. */
export const MailEventsInput = z.record(z.string(), z.unknown())

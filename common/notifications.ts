/** The notification mails a member can turn on or off (spec section 3). */
export const EMAIL_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const
export type EmailType = (typeof EMAIL_TYPES)[number]

/** Why the site stopped mailing a member altogether (spec section 3). */
export const DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const
export type DisabledReason = (typeof DISABLED_REASONS)[number]

/**
 * Marketing mails: sent only after the member said yes (ADR 19), so they are off until turned on.
 * Every other type is about the member's own conversations and account, and is on until turned off.
 */
export const CONSENT_TYPES: readonly EmailType[] = ['promotions', 'news']

/** What a member chose; a type they never touched has its default. */
export interface StoredNotificationSettings {
  email?: Partial<Record<EmailType, boolean>>
  push?: boolean
  /** When the member turned each consent type on (kept as the record of their consent). */
  consented?: Partial<Record<EmailType, string>>
}

function emailTypeOn(stored: StoredNotificationSettings, type: EmailType): boolean {
  return stored.email?.[type] ?? !CONSENT_TYPES.includes(type)
}

export function emailChoices(stored: StoredNotificationSettings): Record<EmailType, boolean> {
  return Object.fromEntries(EMAIL_TYPES.map((type) => [type, emailTypeOn(stored, type)])) as Record<
    EmailType,
    boolean
  >
}

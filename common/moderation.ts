// Moderation's vocabularies (ADR 16). Each reason and outcome has its text for members in
// `moderation.*` of the i18n bundles (en and fr): the member is told why in their language.

/** Why a photo was rejected; the queue's keys 1–6 pick them in this order. */
export const PHOTO_REJECT_REASONS = [
  'not_a_person',
  'not_you',
  'explicit',
  'contact_details',
  'low_quality',
  'other_rules',
] as const

/** Why a moderator hides a profile's voice prompt (issue 58, point 6); the member is told by mail. */
export const VOICE_REJECT_REASONS = [
  'explicit',
  'offensive',
  'contact_details',
  'not_an_answer',
  'other_rules',
] as const

/** What a moderator may do with a report. */
export const REPORT_OUTCOMES = ['dismiss', 'warn', 'hide_photo', 'hide_text', 'suspend', 'ban'] as const
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number]

/** The lengths of a suspension a moderator picks from, in days. */
export const SUSPENSION_DAYS = [1, 3, 7, 30] as const

/** What puts a member in the queue without a report. */
export const SIGNAL_KINDS = [
  'signup_burst',
  'repeated_first_message',
  'contact_in_first_message',
  'money_in_first_message',
  'same_face',
  'scam_score',
] as const
export type SignalKind = (typeof SIGNAL_KINDS)[number]

/** Kinds of sign-up bans: an address, a mail domain, an address range. */
export const BAN_KINDS = ['email', 'domain', 'ip'] as const
export type BanKind = (typeof BAN_KINDS)[number]

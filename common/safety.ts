// Safe conversations (issue 38, ADR 29): what the safety rules may find in a message, and the
// counts the console shows of what members did with it.

/**
 * What a message carries when it reaches the receiver: `explicit` (a photo the model found
 * explicit: shown blurred), `unkind` (an insult the sender was asked about and sent anyway: "Does
 * this bother you?"), and the scam signs of a conversation's first messages (a safety tip):
 * `contact` (a phone number, an address, a messenger, a link), `money` (a bank account, gift
 * cards, crypto, a transfer service), `pasted` (the same introduction sent to many members).
 */
export const MESSAGE_FLAGS = ['explicit', 'unkind', 'contact', 'money', 'pasted'] as const
export type MessageFlag = (typeof MESSAGE_FLAGS)[number]
export const SCAM_FLAGS = ['contact', 'money', 'pasted'] as const satisfies readonly MessageFlag[]

/** How a member answered a nudge when sending again: they changed it, or they send it as it is. */
export const NUDGE_ANSWERS = ['edited', 'send_anyway'] as const
export type NudgeAnswer = (typeof NUDGE_ANSWERS)[number]

/** The counts per day and site the console shows (safety_days). */
export const SAFETY_EVENTS = [
  'unkind_asked',
  'unkind_edited',
  'unkind_sent',
  'unkind_reported',
  'explicit_asked',
  'explicit_sent',
  'explicit_reported',
  'scam_reported',
] as const
export type SafetyEvent = (typeof SAFETY_EVENTS)[number]

/** How explicit a photo must be for the receiver to see it blurred: the sites' default (ADR 29). */
export const DEFAULT_EXPLICIT_THRESHOLD = 0.5

/**
 * The rules whose precision the console shows (ADR 29): how often the moderators agreed with what
 * each one found. A signal kind is a rule too (the moderation's SIGNAL_KINDS).
 */
export const SAFETY_RULES = ['explicit_photo', 'unkind_report', 'explicit_report', 'scam_report'] as const

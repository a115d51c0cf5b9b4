// The fixed sets of values that forms offer and schemas accept, without zod, so that a page can
// list them without loading the schemas (ADR 21).

/** A profile's traits, each one of these or none (PUT /api/profile.php). */
export const TRAIT_VALUES = {
  hair_color: ['black', 'brown', 'blonde', 'red', 'grey', 'other'],
  eye_color: ['brown', 'blue', 'green', 'hazel', 'grey'],
  body_type: ['slim', 'athletic', 'average', 'curvy', 'large'],
  relationship_status: ['single', 'divorced', 'separated', 'widowed', 'complicated'],
  tattoos: ['none', 'some', 'many'],
} as const

/** Why a member complains about another (POST /api/complaints.php). */
export const COMPLAINT_REASONS = [
  'fake_profile',
  'harassment',
  'spam_scam',
  'underage',
  'inappropriate_photo',
  'billing',
  'other',
] as const

/**
 * The reasons of the report sheet (issue 56, point 3): a member reporting a profile in two taps, from
 * the profile, a card or a conversation. The complaints form keeps the rest (billing, notices).
 */
export const PROFILE_REPORT_REASONS = [
  'fake_profile',
  'spam_scam',
  'harassment',
  'inappropriate_photo',
  'underage',
  'other',
] as const satisfies readonly (typeof COMPLAINT_REASONS)[number][]

/** Why a member deletes the account (DELETE /api/user.php). */
export const DELETE_REASONS = [
  'price',
  'found_someone',
  'not_looking',
  'site_problems',
  'no_members',
  'time',
  'other',
] as const

/** The lists of /likes/{type}. */
export const LIKE_LIST_TYPES = ['received', 'sent', 'matches'] as const
export type LikeListType = (typeof LIKE_LIST_TYPES)[number]

/** What a report is grouped by: the day, the site or one traffic-source value (spec section 5). */
export const STATS_GROUPS = ['day', 'site', 'network', 'ref', 'sub1', 'sub2', 'sub3'] as const

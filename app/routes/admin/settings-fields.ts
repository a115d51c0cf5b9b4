// The site settings form's fields (/admin/settings): the page draws them, its action reads them.

import { KIND_PRICE_SETTINGS, type KindPriceSetting } from '#common/message-kinds.ts'

type NumberKey =
  | KindPriceSetting
  | 'call_credits_per_minute'
  | 'openings_per_day_unverified'
  | 'openings_per_day_verified'
  | 'signup_credits'
  | 'message_length'
  | 'refund_days'
  | 'explicit_photo_threshold'
  | 'check_in_day_amount'
  | 'check_in_hour_purchases'
  | 'check_in_late_nights'
  | 'fictional_spend_reminder'
export const NUMBERS: NumberKey[] = [
  // Each kind of message's price, in the table's order (common/message-kinds.ts).
  ...KIND_PRICE_SETTINGS,
  'call_credits_per_minute',
  'openings_per_day_unverified',
  'openings_per_day_verified',
  'signup_credits',
  'message_length',
  'refund_days',
  'explicit_photo_threshold',
  'check_in_day_amount',
  'check_in_hour_purchases',
  'check_in_late_nights',
  'fictional_spend_reminder',
]
export const CHOICES = {
  signups: ['all', 'with_trafficsource', 'other'],
  logged_out_search: ['none', 'not'],
  logged_out_search_trafficsource: ['none', 'not'],
  enable_site_entry_popup: ['yes', 'no'],
  new_photo_status: ['active', 'pending'],
} as const
export type ChoiceKey = keyof typeof CHOICES

export type TextKey =
  | 'index_title'
  | 'description'
  | 'fictional_warning'
  | 'fictional_singular'
  | 'fictional_plural'
export const TEXTS: TextKey[] = [
  'index_title',
  'description',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
]
export const LANGUAGES = ['en', 'fr'] as const

export const COMPANY_TEXTS = ['name', 'address', 'city', 'kvk', 'support_phone'] as const

/** A comma-separated list as its items. */
export const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

import { z } from 'zod'
import { CALL_CREDITS_PER_MINUTE } from '../calls.ts'
import { GIFT_KEYS } from '../gifts.ts'
import {
  KIND_PRICE_DEFAULTS,
  KIND_PRICE_SETTINGS,
  type KindPriceSetting,
  MESSAGE_KIND_NAMES,
} from '../message-kinds.ts'
import { DEFAULT_EXPLICIT_THRESHOLD } from '../safety.ts'
import { SEARCH_FIELDS } from '../search-filters.ts'
import { DEFAULT_CHECK_IN, DEFAULT_FICTIONAL_SPEND_REMINDER } from '../spending.ts'
import { drawablePoses, POSES } from '../verification.ts'
import { GiftKey } from './chat.ts'

const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code')
const YesNo = z.enum(['yes', 'no'])
/** A text a site sets per bundled language; the API answers it resolved to the request's locale. */
export const LocalizedText = z.object({ en: z.string().min(1), fr: z.string().min(1) })
export type LocalizedText = z.infer<typeof LocalizedText>

const GiftCatalogue = z
  .array(GiftKey)
  .refine((keys) => new Set(keys).size === keys.length, { error: 'gifts_repeated' })

const VerificationPoses = z
  .array(z.enum(POSES))
  .refine(drawablePoses, { error: 'verification_poses_invalid' })

const ExplicitThreshold = z.number().min(0.01).max(1)
const CheckInNumber = z.number().int().min(0).max(100_000)

/** What each kind of message costs (common/message-kinds.ts), its table's price where unset. */
const KIND_PRICES = Object.fromEntries(
  KIND_PRICE_SETTINGS.map((setting) => [
    setting,
    z.number().int().min(0).default(KIND_PRICE_DEFAULTS[setting]),
  ]),
) as Record<KindPriceSetting, z.ZodDefault<z.ZodNumber>>

/** Per-site settings as stored on the site row (spec section 3, Settings). */
export const SiteSettings = z.object({
  name: z.string().min(1).max(80),
  domain: z.string().min(1).max(253),
  domain_language: z.string().min(2).max(5),
  cdn_prefix: z.string().min(1),
  countries: z.array(CountryCode).min(1),
  index_title: LocalizedText,
  description: LocalizedText,
  signups: z.enum(['all', 'with_trafficsource', 'other']),
  logged_out_search: z.enum(['none', 'not']),
  logged_out_search_trafficsource: z.enum(['none', 'not']),
  enable_site_entry_popup: YesNo,
  support_phone: z.string().min(3).max(40),
  support_email: z.email(),
  fictional_icon: z.string().min(1).max(16),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  ...KIND_PRICES,
  signup_credits: z.number().int().min(0),
  /**
   * How many new conversations a member may start in 24 hours (issue 60, point 2): fewer before a
   * live check, more after it. Fictional profiles are never limited (they answer).
   */
  openings_per_day_unverified: z.number().int().min(1).max(1000).default(10),
  openings_per_day_verified: z.number().int().min(1).max(1000).default(30),
  /** What a started minute of a call costs its caller (issue 59); 0: calls are free. */
  call_credits_per_minute: z.number().int().min(0).default(CALL_CREDITS_PER_MINUTE),
  /** The longest a voice note may be, in seconds (issue 58). */
  voice_max_seconds: z.number().int().min(5).max(300).default(60),
  message_length: z.number().int().min(1).max(10_000),
  /** The search filters the site offers (common/search-filters.ts); an unknown name is refused. */
  search_fields: z.array(z.enum(SEARCH_FIELDS)),
  fictional_warning: LocalizedText,
  fictional_singular: LocalizedText,
  fictional_plural: LocalizedText,
  refund_days: z.number().int().min(0).max(365),
  member_resell: YesNo,
  /** Whether new photos wait for moderation (pending) or show at once (active). */
  new_photo_status: z.enum(['pending', 'active']).default('active'),
  /** Whether sign-ups with a throwaway mail address (disposable-email-domains) are refused. */
  refuse_disposable_email: z.boolean().default(false),
  /** The gift catalogue: the gifts this site offers, in the order the picker shows them. */
  gifts: GiftCatalogue.default([...GIFT_KEYS]),
  /** The poses a live check draws two of (issue 37): two at least. */
  verification_poses: VerificationPoses.default([...POSES]),
  /**
   * How explicit a photo must be (the model's score, 0–1, ADR 29) to reach a chat's receiver blurred
   * and to wait for a moderator on a profile.
   */
  explicit_photo_threshold: ExplicitThreshold.default(DEFAULT_EXPLICIT_THRESHOLD),
  /**
   * The spending patterns that show a calm check-in before the next purchase (issue 54, point 4;
   * ADR 32): this much spent in 24 hours (whole units of the member's currency), this many purchases
   * within an hour, purchases between midnight and 5 a.m. on this many nights of a week. 0: off.
   */
  check_in_day_amount: CheckInNumber.default(DEFAULT_CHECK_IN.check_in_day_amount),
  check_in_hour_purchases: CheckInNumber.default(DEFAULT_CHECK_IN.check_in_hour_purchases),
  check_in_late_nights: CheckInNumber.max(7).default(DEFAULT_CHECK_IN.check_in_late_nights),
  /** Spent with fictional profiles (whole units of the member's currency) at each reminder; 0: none. */
  fictional_spend_reminder: CheckInNumber.default(DEFAULT_FICTIONAL_SPEND_REMINDER),
})
export type SiteSettings = z.infer<typeof SiteSettings>

/** The operating company of a site (spec section 3, Company info). */
export const CompanyInfo = z.object({
  name: z.string().min(1),
  address: z.string().min(1),
  kvk: z.string().min(1),
  city: z.string().min(1),
  country: CountryCode,
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string().min(3),
  delete_discount: z.number().int().min(0).max(100).nullable(),
  added: z.iso.datetime({ offset: true }),
})
export type CompanyInfo = z.infer<typeof CompanyInfo>

/** What a message costs in money, per country code (computed from the bundles, never stored). */
const MessageCosts = z.record(
  CountryCode,
  z.object({ costs: z.number().int().min(0), currency: z.string().length(3) }),
)

/** GET /api/settings.php: the stored settings plus what the request decides and the bundles give. */
export const SettingsResponse = SiteSettings.extend({
  /** Spec section 3: the lowest a message costs in each country, by the one money rule. */
  minimum_message_costs: MessageCosts,
  index_title: z.string(),
  description: z.string(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  geoip_country: CountryCode.nullable(),
  geoip_selected_country: CountryCode.nullable(),
  push_public_key: z.string(),
})
export type SettingsResponse = z.infer<typeof SettingsResponse>

export const SettingsQuery = z.looseObject({ domain: z.string().max(253).optional() })

export const CompanyInfoResponse = CompanyInfo
export const Interest = z.object({ id: z.number().int(), key: z.string(), name: z.string() })
export const InterestsResponse = z.object({ interests: z.array(Interest) })
export type Interest = z.infer<typeof Interest>

export const RegionsQuery = z.object({ country: z.string().trim().toUpperCase().pipe(CountryCode) })
export const Region = z.object({
  id: z.number().int(),
  country: CountryCode,
  code: z.string(),
  name: z.string(),
})
export const RegionsResponse = z.object({ regions: z.array(Region) })
export type Region = z.infer<typeof Region>

/**
 * What admins change of a site in the console: every setting but its domain and media prefix. The
 * stored settings' defaults are left out, so that a change of some settings never resets others.
 */
export const EditableSiteSettings = SiteSettings.omit({ domain: true, cdn_prefix: true }).extend({
  new_photo_status: z.enum(['pending', 'active']),
  refuse_disposable_email: z.boolean(),
  gifts: GiftCatalogue,
  verification_poses: VerificationPoses,
  explicit_photo_threshold: ExplicitThreshold,
  check_in_day_amount: CheckInNumber,
  check_in_hour_purchases: CheckInNumber,
  check_in_late_nights: CheckInNumber.max(7),
  fictional_spend_reminder: CheckInNumber,
})
/** What something priced in credits costs per country: with the best-value bundle and the dearest. */
const CountryCosts = z.record(
  CountryCode,
  z.object({ costs: z.number().int(), highest: z.number().int(), currency: z.string().length(3) }),
)

export const SiteSettingsQuery = z.object({ site: z.coerce.number().int().positive().max(2_147_483_647) })
export const SiteSettingsResponse = z.object({
  site: z.object({
    id: z.number().int(),
    domain: z.string(),
    settings: SiteSettings,
    company: CompanyInfo,
    /** What a message costs per country with the bundles on sale (read-only: it follows them). */
    message_costs: CountryCosts,
    /** The same for every other kind of message that has a price (a gift, a photo, a voice note). */
    kind_costs: z.partialRecord(z.enum(MESSAGE_KIND_NAMES), CountryCosts),
  }),
})
export const SiteSettingsUpdate = z.object({
  site: z.number().int().positive().max(2_147_483_647),
  settings: EditableSiteSettings.partial().optional(),
  company: CompanyInfo.partial().optional(),
})
export type SiteSettingsUpdate = z.infer<typeof SiteSettingsUpdate>

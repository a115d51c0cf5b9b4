import { z } from 'zod'
import { COMPLAINT_REASONS, TRAIT_VALUES } from '../choices.ts'
import { MAX_INTERESTS } from '../constants.ts'
import { DISTANCE_CHOICES } from '../geo-grid.ts'
import type { SearchParam } from '../search-filters.ts'
import { DateOfBirth, MemberName } from './accounts.ts'
import { OpeningMove, PromptAnswer } from './profile-prompts.ts'
import { ProfileVoice } from './profile-voice.ts'

/** A profile photo as other people see it; filename and thumb_filename are URLs below cdn_prefix. */
export const ProfileImage = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.enum(['pending', 'active', 'rejected']),
})
export type ProfileImage = z.infer<typeof ProfileImage>

/** Whether a member is on the site now or was today; null for invisible members and fictional profiles (ADR 19). */
export const Presence = z.enum(['online', 'today']).nullable()
export type Presence = z.infer<typeof Presence>

/** How far a member is from the viewer, in bands only (common/geo-grid.ts, ADR 26). */
export const DistanceBand = z.object({ kind: z.enum(['under', 'about']), km: z.number().int() })

/** What anybody, a visitor included, may see of a member: the card of a profile. */
export const PublicProfile = z.object({
  id: z.number().int(),
  presence: Presence,
  /** From the viewer's place to this member's, when both are known and the answer is about distance. */
  distance: DistanceBand.nullable().optional(),
  name: z.string(),
  age: z.number().int(),
  gender: z.string(),
  city: z.string().nullable(),
  /** The region's own name; its ISO 3166-2 code beside it names it in the page's language. */
  region: z.string().nullable(),
  region_code: z.string().nullable(),
  country: z.string(),
  fictional: z.boolean(),
  /** Passed a live check that matched the main photo (issue 37); never a fictional profile. */
  verified: z.boolean(),
  /**
   * This member lets only verified members start a conversation (issue 60, point 2): the card and
   * the profile say so before anyone pays to write. Never on a fictional profile.
   */
  verified_only: z.boolean(),
  /** A real member who signed up in the last 14 days (issue 61, point 5): the "New here" badge. */
  new_here: z.boolean(),
  main_image: ProfileImage.nullable(),
})
export type PublicProfile = z.infer<typeof PublicProfile>

/** Every field of a profile its owner writes, each as it must be. */
export const ProfileFields = z.object({
  name: MemberName,
  date_of_birth: DateOfBirth,
  hair_color: z.enum(TRAIT_VALUES.hair_color).nullable(),
  eye_color: z.enum(TRAIT_VALUES.eye_color).nullable(),
  body_type: z.enum(TRAIT_VALUES.body_type).nullable(),
  relationship_status: z.enum(TRAIT_VALUES.relationship_status).nullable(),
  tattoos: z.enum(TRAIT_VALUES.tattoos).nullable(),
  invisible: z.boolean(),
  /** Only verified members may start a conversation with this member (issue 37). */
  verified_contact_only: z.boolean(),
  /** Voice notes from the members this member has written to (issue 58); none when false. */
  voice_notes: z.boolean(),
  /** Show "Usually replies within a day" when their answer times say so (issue 61, point 5). */
  show_reply_time: z.boolean(),
  gender: z.enum(['female', 'male']),
  sexuality: z.enum(['straight', 'gay', 'bisexual']),
  country: z.string().regex(/^[A-Z]{2}$/, { error: 'country_invalid' }),
  region_id: z.number().int().positive().nullable(),
  city: z.string().trim().max(80, { error: 'city_too_long' }).nullable(),
  about: z.string().trim().max(2000, { error: 'about_too_long' }).nullable(),
  interests: z.array(z.number().int().positive()).max(MAX_INTERESTS, { error: 'interests_too_many' }),
})

/** A name may not start with @ (spec section 5). */
export function refuseAtName(value: { name?: string }, ctx: z.RefinementCtx) {
  if (value.name?.startsWith('@'))
    ctx.addIssue({ code: 'custom', path: ['name'], message: 'name_starts_with_at' })
}

const SoughtAge = z
  .number()
  .int()
  .min(18, { error: 'age_range_invalid' })
  .max(99, { error: 'age_range_invalid' })

/** PUT /api/profile.php: the parts of the profile to change, and the ages the member looks for. */
export const ProfileUpdateInput = ProfileFields.partial()
  .extend({ seek_min_age: SoughtAge.optional(), seek_max_age: SoughtAge.optional() })
  .superRefine(refuseAtName)
  .refine((q) => !q.seek_min_age || !q.seek_max_age || q.seek_min_age <= q.seek_max_age, {
    error: 'age_range_invalid',
    path: ['seek_max_age'],
  })
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>

/** The member's own profile, as the profile editor shows it. */
export const OwnProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  date_of_birth: z.string(),
  age: z.number().int(),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  invisible: z.boolean(),
  verified_contact_only: z.boolean(),
  voice_notes: z.boolean(),
  show_reply_time: z.boolean(),
  /** The profile shows the verified badge (issue 37). */
  verified: z.boolean(),
  gender: z.string(),
  sexuality: z.string().nullable(),
  country: z.string(),
  region_id: z.number().int().nullable(),
  city: z.string().nullable(),
  about: z.string().nullable(),
  interests: z.array(z.number().int()),
  /** The ages the member looks for: chosen, else their own age give or take ten years. */
  seek_min_age: z.number().int(),
  seek_max_age: z.number().int(),
  photos: z.array(
    z.object({
      id: z.number().int(),
      filename: z.string(),
      thumb_filename: z.string(),
      status: z.enum(['pending', 'active', 'rejected']),
      main: z.boolean(),
    }),
  ),
})
export type OwnProfile = z.infer<typeof OwnProfile>
export const OwnProfileResponse = z.object({ profile: OwnProfile })

export const PhotoResponse = z.object({
  photo: z.object({
    id: z.number().int(),
    filename: z.string(),
    thumb_filename: z.string(),
    status: z.enum(['pending', 'active', 'rejected']),
  }),
})

const Age = z.coerce.number().int().min(18).max(99)

/** The schema of each search parameter of common/search-filters.ts (a parameter without one does not compile). */
const SEARCH_PARAMS = {
  gender: z.enum(['female', 'male']).optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'country_invalid' })
    .optional(),
  countryregion: z.coerce.number().int().positive().optional(),
  /** Within this many km of the member's own place (a member with a place only); absent: anywhere. */
  distance: z.coerce
    .number()
    .refine((km) => (DISTANCE_CHOICES as readonly number[]).includes(km), { error: 'distance_invalid' })
    .optional(),
  min_age: Age.optional(),
  max_age: Age.optional(),
  /** Members who share at least one of these interests (`?interests=3&interests=7`). */
  interests: z
    .preprocess(
      (v) => (v === undefined || v === '' ? undefined : [v].flat()),
      z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(MAX_INTERESTS),
    )
    .optional(),
  /** Verified members only (issue 37): `verified=1`. */
  verified: z.enum(['1']).optional(),
  /** Members who signed up in the last 14 days only (issue 61): `new_here=1`. */
  new_here: z.enum(['1']).optional(),
} satisfies Record<SearchParam, z.ZodType>

/** GET /api/members.php: the filters of member search (spec section 3, Search state), and the page. */
export const MemberSearchQuery = z
  .object({ ...SEARCH_PARAMS, page: z.coerce.number().int().min(1).max(1000).default(1) })
  .refine((q) => !q.min_age || !q.max_age || q.min_age <= q.max_age, {
    error: 'age_range_invalid',
    path: ['max_age'],
  })
export type MemberSearchQuery = z.infer<typeof MemberSearchQuery>

export const MemberSearchResponse = z.object({
  profiles: z.array(PublicProfile),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  similar: z.object({ profiles: z.array(PublicProfile), total: z.number().int() }),
  /** Nearest first (a member with a place, ADR 26), or the most recently active first. */
  order: z.enum(['distance', 'recent']),
  /** `total` is a floor: a search by interests counts no further ("more than 1,000 members"). */
  total_more: z.boolean(),
})
export type MemberSearchResponse = z.infer<typeof MemberSearchResponse>

/** The traits a member page can show; the site's visible_profile_fields pick among them. */
export const TRAIT_FIELDS = [
  'gender',
  'sexuality',
  'hair_color',
  'eye_color',
  'body_type',
  'relationship_status',
  'tattoos',
] as const

/** GET /api/member.php: a member page (spec sections 2 and 6). */
export const MemberDetail = PublicProfile.extend({
  traits: z.array(z.object({ field: z.enum(TRAIT_FIELDS), value: z.string() })),
  about: z.string().nullable(),
  interests: z.array(z.string()),
  photos: z.object({
    total: z.number().int(),
    shown: z.array(z.object({ filename: z.string(), thumb_filename: z.string() })),
    /** Why not every photo is shown: log in (visitor) or get Premium (free member). */
    gated: z.enum(['login', 'premium']).nullable(),
  }),
  blocked_by_me: z.boolean(),
  /** Their voice prompt, once approved where the site holds it (issue 58, point 6). */
  voice: ProfileVoice.nullable(),
  /** Their written prompts, in their order (issue 61, point 1). */
  prompts: z.array(PromptAnswer),
  /** The opening moves a first message may answer (issue 61, point 2), in their order. */
  opening_moves: z.array(OpeningMove),
  /** They chose to show it, and their answer times say so (issue 61, point 5). */
  replies_within_day: z.boolean(),
})
export type MemberDetail = z.infer<typeof MemberDetail>
export const MemberDetailResponse = z.object({ profile: MemberDetail })
export const MemberQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
export const BlockInput = z.object({ profile: z.number().int().positive().max(2_147_483_647) })
export const BlockResponse = z.object({ blocked: z.boolean() })

/** POST /api/complaints.php: a complaint, or a report of a profile when `profile` is given. */
export const ComplaintInput = z.object({
  name: z.string().trim().min(2, { error: 'name_too_short' }).max(80, { error: 'name_too_long' }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, { error: 'email_invalid' })
    .pipe(z.email({ error: 'email_invalid' })),
  reason: z.enum(COMPLAINT_REASONS, { error: 'complaint_reason_required' }),
  message: z
    .string()
    .trim()
    .min(10, { error: 'complaint_too_short' })
    .max(5000, { error: 'complaint_too_long' }),
  profile: z.number().int().positive().max(2_147_483_647).optional(),
})
export type ComplaintInput = z.infer<typeof ComplaintInput>
export const ComplaintResponse = z.object({
  id: z.number().int(),
  /** Where the receipt went: the member's own address; null for a visitor (no mail is sent). */
  receipt: z.string().nullable(),
})
export type ComplaintResponse = z.infer<typeof ComplaintResponse>

/** PUT and DELETE /api/photos.php: one of the member's photos. */
export const PhotoInput = z.object({ photo: z.number().int().positive() })
/** POST /api/photos.php: the multipart upload has the file in `photo` and no other field. */
export const PhotoUploadFields = z.object({})

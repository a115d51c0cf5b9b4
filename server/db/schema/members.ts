import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { StoredNotificationSettings } from '#common/notifications.ts'
import type { BannedFaceMatch } from './banned-faces.ts'
import { interests, regions } from './reference.ts'
import { sites } from './sites.ts'

/** A point of the `cube` extension: a member's cell centre on the unit sphere (ADR 26). */
const cubePoint = customType<{ data: [number, number, number]; driverData: string }>({
  dataType: () => 'cube',
  toDriver: (v) => `(${v.join(',')})`,
  fromDriver: (v) =>
    String(v)
      .replace(/[()\s]/g, '')
      .split(',')
      .map(Number) as [number, number, number],
})

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    status: text('status').notNull().default('not_confirmed'),
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    language: text('language').notNull().default('en'),
    notificationsDisabled: text('notifications_disabled').array().notNull().default(sql`'{}'::text[]`),
    /** The member's choices of notification mails and push (ADR 19); a type not in it has its default. */
    notificationSettings: jsonb('notification_settings')
      .$type<StoredNotificationSettings>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Until when the member counts as on the site: an open socket keeps moving it on (ADR 19). */
    onlineUntil: timestamp('online_until', { withTimezone: true }),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    /** When the member followed the activation link (the reports' confirmations). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    demo: boolean('demo').notNull().default(false),
    /** The terms version date the member agreed to at sign-up. */
    termsVersion: timestamp('terms_version', { withTimezone: true }),
    tracking: jsonb('tracking').$type<Record<string, string>>(),
    /** The member's IANA time zone, from their browser: where their day starts (swipe likes). */
    timeZone: text('time_zone'),
    /**
     * The swipe game's day in progress, in the time zone the member had when it began: a change of
     * zone does not start another day before this one ends (issue 36, point 8).
     */
    swipeDayStartsAt: timestamp('swipe_day_starts_at', { withTimezone: true }),
    swipeDayEndsAt: timestamp('swipe_day_ends_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deleteReason: text('delete_reason'),
    deleteRemarks: text('delete_remarks'),
    /** A suspended member may not log in until then; the profile is hidden meanwhile (ADR 16). */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** After a chargeback or a returned direct debit the member may pay no more (ADR 17). */
    paymentsBlockedAt: timestamp('payments_blocked_at', { withTimezone: true }),
    /** The address the account was made from: many sign-ups from one address are a signal (ADR 16). */
    signupIp: text('signup_ip'),
    /** Only verified members may start a conversation with this member (issue 37). */
    verifiedContactOnly: boolean('verified_contact_only').notNull().default(false),
    /** Voice notes from the members this member has written to: taken (the default) or refused (issue 58). */
    voiceNotes: boolean('voice_notes').notNull().default(true),
    /** Shows "Usually replies within a day" when their answer times say so (issue 61, point 5). */
    showReplyTime: boolean('show_reply_time').notNull().default(false),
    /**
     * Since when this member's new conversations wait for a moderator: their scam score passed the
     * threshold (ADR 29); null when they may start conversations.
     */
    openingsHeldSince: timestamp('openings_held_since', { withTimezone: true }),
  },
  (t) => [
    index('users_signup_ip').on(t.signupIp, t.signupDate).where(sql`${t.signupIp} is not null`),
    // The daily figures read a day's sign-ups and confirmations (ADR 18).
    index('users_signup_date').on(t.signupDate),
    index('users_confirmed').on(t.confirmedAt).where(sql`${t.confirmedAt} is not null`),
    check('users_credits_non_negative', sql`${t.credits} >= 0`),
    uniqueIndex('users_site_email').on(t.siteId, sql`lower(${t.email})`),
  ],
)

export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('active'),
    gender: text('gender').notNull(),
    sexuality: text('sexuality'),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    country: char('country', { length: 2 }).notNull(),
    regionId: integer('region_id').references(() => regions.id),
    city: text('city'),
    /**
     * The cell of the member's town on the search grid (common/geo-grid.ts, ADR 26), and its centre
     * as a `cube` point that the distance order's index serves; null when the town is unknown.
     */
    geoCell: integer('geo_cell'),
    geo: cubePoint('geo'),
    about: text('about'),
    aboutLanguage: text('about_language'),
    /**
     * The bio in other bundled languages, where someone wrote one (the demo members are seeded in en
     * and fr): a page shows the one of its language, else `about` as written.
     */
    aboutTranslations: jsonb('about_translations').$type<Record<string, string>>(),
    /** The ages the member looks for (issue 18): the default of search, swipe and suggestions. */
    seekMinAge: smallint('seek_min_age'),
    seekMaxAge: smallint('seek_max_age'),
    fictional: boolean('fictional').notNull().default(false),
    invisible: boolean('invisible').notNull().default(false),
    /** The account is deleted (undoable) or banned: the profile is out of every member-facing view. */
    hidden: boolean('hidden').notNull().default(false),
    mainPhotoId: integer('main_photo_id'),
    /**
     * The main photo a live check matched (issue 37): the profile is verified while it is still the
     * main one, and never when fictional. A new main photo is compared with the verified face by a
     * job, which moves this to it when it matches (ADR 28).
     */
    verifiedPhotoId: integer('verified_photo_id'),
    verified: boolean('verified')
      .notNull()
      .generatedAlwaysAs(
        sql`verified_photo_id is not null and verified_photo_id = main_photo_id and not fictional`,
      ),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    // Member-facing lists read visible profiles only; these partial indexes serve them in the
    // order they are shown (most recently active first).
    const visible = sql`${t.status} = 'active' and not ${t.invisible} and not ${t.hidden}`
    return [
      index('profiles_visible_recent').on(t.lastActiveAt.desc(), t.id.desc()).where(visible),
      index('profiles_visible_country_gender').on(t.country, t.gender, t.lastActiveAt.desc()).where(visible),
      index('profiles_visible_region_gender').on(t.regionId, t.gender, t.lastActiveAt.desc()).where(visible),
      index('profiles_visible_country_gender_birth').on(t.country, t.gender, t.birthDate).where(visible),
      index('profiles_visible_birth').on(t.birthDate).where(visible),
      // Search by distance: the nearest first among those of a gender and country, straight from
      // the index (cube's KNN after btree_gist's equalities, ADR 26). No region: PostgreSQL would
      // then prefer it to the B-trees above for counts, where it is much slower.
      // "Verified only" (issue 37): the few verified members, most recently active first.
      index('profiles_visible_verified')
        .on(t.lastActiveAt.desc(), t.id.desc())
        .where(sql`${t.verified} and ${visible}`),
      index('profiles_verified_photo').on(t.id).where(sql`${t.verifiedPhotoId} is not null`),
      index('profiles_visible_near').using('gist', t.gender, t.country, t.geo).where(visible),
      // Member support finds a member by the start of the name (ADR 16).
      index('profiles_name_prefix').on(sql`lower(${t.name}) text_pattern_ops`),
    ]
  },
)

/**
 * How many visible profiles each (country, gender, region, birth year) holds: kept by statement
 * triggers on `profiles` (migration 0006), so that search totals sum a few buckets instead of
 * counting a million rows. `region_id` 0 stands for no region.
 */
export const profileCounts = pgTable(
  'profile_counts',
  {
    country: char('country', { length: 2 }).notNull(),
    gender: text('gender').notNull(),
    regionId: integer('region_id').notNull(),
    birthYear: smallint('birth_year').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.gender, t.regionId, t.birthYear] })],
)

/**
 * The same counts per cell of the search grid (ADR 26), for totals within a distance: kept by the
 * same kind of statement triggers (migration 0027); `geo` is the cell's centre, for the index.
 */
export const profileCellCounts = pgTable(
  'profile_cell_counts',
  {
    geoCell: integer('geo_cell').notNull(),
    country: char('country', { length: 2 }).notNull(),
    gender: text('gender').notNull(),
    regionId: integer('region_id').notNull(),
    birthYear: smallint('birth_year').notNull(),
    n: integer('n').notNull(),
    geo: cubePoint('geo').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.geoCell, t.country, t.gender, t.regionId, t.birthYear] }),
    index('profile_cell_counts_near').using('gist', t.gender, t.country, t.regionId, t.geo),
  ],
)

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    thumbFilename: text('thumb_filename').notNull(),
    /** active | pending (pre-moderation, until approved) | rejected (hidden, the member told why) */
    status: text('status').notNull().default('active'),
    position: smallint('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a moderator looked at it; null while it waits in the review queue (ADR 16). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Why it was rejected: a key of PHOTO_REJECT_REASONS. */
    rejectReason: text('reject_reason'),
    /** A 64-bit difference hash of the picture (server/lib/perceptual-hash.ts). */
    phash: bigint('phash', { mode: 'bigint' }),
    /** A photo of another account it repeats: likely stolen or fake. */
    duplicateOf: integer('duplicate_of'),
    /** How explicit the explicit-photo model found it, 0–1 (ADR 29); null for photos before it. */
    explicitScore: real('explicit_score'),
    /** The score was at or past the site's threshold when it was uploaded: held as explicit. */
    explicit: boolean('explicit').notNull().default(false),
    /** The banned face it matched (issue 60): held for a moderator. */
    bannedFace: jsonb('banned_face').$type<BannedFaceMatch>(),
  },
  (t) => {
    // The four 16-bit bands of the hash: two hashes within 3 bits share one band (pigeonhole), so a
    // look-up by band finds near copies without comparing all photos (NEAR_COPY_BITS).
    const band = (shift: number) =>
      index(`photos_phash_band${shift / 16}`)
        .on(sql`((${t.phash} >> ${sql.raw(String(shift))}) & 65535)`)
        .where(sql`${t.phash} is not null`)
    return [
      index('photos_profile').on(t.profileId, t.position),
      index('photos_review_queue').on(t.createdAt, t.id).where(sql`${t.reviewedAt} is null`),
      band(0),
      band(16),
      band(32),
      band(48),
    ]
  },
)

export const profileInterests = pgTable(
  'profile_interests',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    interestId: integer('interest_id')
      .notNull()
      .references(() => interests.id),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.interestId] })],
)

/** Who blocked whom: the blocked member can neither see nor contact the blocker, anywhere. */
export const blocks = pgTable(
  'blocks',
  {
    blockerUserId: integer('blocker_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedUserId: integer('blocked_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerUserId, t.blockedUserId] }),
    index('blocks_blocked').on(t.blockedUserId),
  ],
)

import { FREE_VISIBLE_PHOTOS, type Locale } from '#common/constants.ts'
import { isNewHere } from '#common/member-signals.ts'
import { regionName } from '#common/region-names.ts'
import { ageOn } from '#common/schemas/accounts.ts'
import { type MemberDetail, TRAIT_FIELDS } from '#common/schemas/members.ts'
import type { Db } from '#server/db/client.ts'
import { selectBlocksBetween } from '#server/db/profile-cards.ts'
import { readsOn } from '#server/db/replicas.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import type { MovesOf, PromptsOf } from '#server/modules/profile-prompts/profile-prompts.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import type { VoicesOf } from '#server/modules/voice-prompts/voice-prompts.service.ts'
import {
  deleteBlock,
  insertBlock,
  selectActivePhotos,
  selectInterestNames,
  selectMemberDetail,
  selectPremium,
  selectProfileOwner,
} from './member-page.queries.ts'
import { presenceOf } from './public-profile.ts'
import { repliesWithinDay, selectReplyTurns } from './reply-time.queries.ts'

export type MemberPageService = ReturnType<typeof createMemberPageService>

/** Who looks at a member page. */
interface Viewer {
  userId: number
}

const TRAIT_COLUMNS = {
  gender: 'gender',
  sexuality: 'sexuality',
  hair_color: 'hairColor',
  eye_color: 'eyeColor',
  body_type: 'bodyType',
  relationship_status: 'relationshipStatus',
  tattoos: 'tattoos',
} as const

/** Member pages with photo gating (spec section 6), and blocking. */
export function createMemberPageService(
  db: Db,
  deps: {
    now: Clock
    voices: VoicesOf
    /** Profiles' written prompts (issue 61). */
    prompts: PromptsOf
    /** Profiles' opening moves (issue 61). */
    moves: MovesOf
    /** Where a member page is read: a replica may serve it (ADR 39); else the database. */
    reads?: Db
    /** A block was made: what else ends with it (the two members' call, issue 59). */
    blocked?: (blocker: number, blocked: number) => Promise<void>
  },
) {
  return {
    /**
     * A member as the viewer may see them: null when unknown or hidden; 403 member.blocked when the
     * member blocked the viewer. Visitors see the main photo, free members the first photos,
     * Premium members every photo; URLs of photos not shown never leave the server.
     */
    async get(
      profileId: number,
      viewer: Viewer | null,
      site: Site,
      locale: Locale,
    ): Promise<MemberDetail | null> {
      // On a replica, again elsewhere if it stops under the read (ADR 39).
      const reads = readsOn(deps.reads ?? db)
      const row = await reads((on) => selectMemberDetail(on, profileId))
      if (!row) return null
      let blockedByMe = false
      let premium = false
      // A block holds at once, and Premium shows every photo as soon as it is bought: both are
      // read where they are written.
      if (viewer && viewer.userId !== row.userId) {
        const [between, paid] = await Promise.all([
          selectBlocksBetween(db, viewer.userId, row.userId),
          selectPremium(db, viewer.userId),
        ])
        if (between.blockedByOther) throw new AppError('member.blocked', 403, { name: row.name })
        blockedByMe = between.viewerBlocked
        premium = paid
      }
      const [photoRows, interestRows, voices, prompts, moves, replies] = await Promise.all([
        reads((on) => selectActivePhotos(on, row.id, row.mainPhotoId)),
        reads((on) => selectInterestNames(on, row.id)),
        deps.voices([row.id], site.settings.cdn_prefix),
        deps.prompts([row.id]),
        deps.moves(row.id),
        // Only for a member who chose to show it, never a fictional profile (issue 61, point 5).
        row.showReplyTime ? selectReplyTurns(db, row.userId, deps.now()) : null,
      ])
      const isOwner = viewer?.userId === row.userId
      const limit = !viewer ? 1 : premium || isOwner ? photoRows.length : FREE_VISIBLE_PHOTOS
      const cdn = site.settings.cdn_prefix
      const shown = photoRows
        .slice(0, limit)
        .map((p) => ({ filename: mediaUrl(cdn, p.filename), thumb_filename: mediaUrl(cdn, p.thumb) }))
      const visibleFields = new Set(site.settings.visible_profile_fields)
      const main = photoRows.find((p) => p.id === row.mainPhotoId)
      return {
        id: row.id,
        presence: presenceOf(row, deps.now()),
        name: row.name,
        age: ageOn(row.birthDate, deps.now()),
        gender: row.gender,
        city: row.city,
        // Named in the page's language here already (the landers show it as it comes).
        region: row.region && row.regionCode ? regionName(row.regionCode, row.region, locale) : row.region,
        region_code: row.regionCode,
        country: row.country,
        fictional: row.fictional,
        verified: row.verified,
        verified_only: Boolean(row.verifiedOnly),
        new_here: isNewHere(row.signupDate, deps.now(), row.fictional),
        main_image: main
          ? {
              filename: mediaUrl(cdn, main.filename),
              thumb_filename: mediaUrl(cdn, main.thumb),
              status: 'active',
            }
          : null,
        traits: TRAIT_FIELDS.filter((field) => visibleFields.has(field))
          .map((field) => ({ field, value: row[TRAIT_COLUMNS[field]] }))
          .filter((trait): trait is { field: (typeof TRAIT_FIELDS)[number]; value: string } =>
            Boolean(trait.value),
          ),
        // The bio in the page's language where the member has one (the demo members, in en and fr).
        about: site.settings.visible_profile_notes.includes('about')
          ? (row.aboutTranslations?.[locale] ?? row.about)
          : null,
        interests: interestRows.map((i) => (locale === 'fr' ? i.fr : i.en)),
        photos: {
          total: photoRows.length,
          shown,
          gated: shown.length < photoRows.length ? (viewer ? 'premium' : 'login') : null,
        },
        blocked_by_me: blockedByMe,
        voice: voices.get(row.id) ?? null,
        prompts: prompts.get(row.id) ?? [],
        opening_moves: moves,
        replies_within_day: replies !== null && repliesWithinDay(replies),
      }
    },

    /** Blocks a member: from now on neither sees nor reaches the other. */
    async block(viewerUserId: number, profileId: number, blocked: boolean): Promise<boolean> {
      const owner = await selectProfileOwner(db, profileId)
      if (!owner) throw new AppError('member.not_found', 404)
      if (owner.userId === viewerUserId) throw new AppError('member.block_self', 400)
      if (blocked) {
        await insertBlock(db, viewerUserId, owner.userId)
        await deps.blocked?.(viewerUserId, owner.userId)
      } else await deleteBlock(db, viewerUserId, owner.userId)
      return blocked
    },
  }
}

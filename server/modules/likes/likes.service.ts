import { gendersSought } from '#common/matching.ts'
import type {
  AutoLikeResponse,
  LikeResponse,
  LikesResponse,
  MatchFinderQuery,
  MatchFinderResponse,
} from '#common/schemas/likes.ts'
import { writeRefusalStatus } from '#common/write-refusals.ts'
import type { Db, Executor } from '#server/db/client.ts'
import { type Clock, DAY_MS } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/events.ts'
import type { MembersService } from '#server/modules/members/members.service.ts'
import { toPublicProfile } from '#server/modules/members/members.service.ts'
import { agesOf } from './ages.ts'
import {
  deleteLike,
  insertLike,
  likeExists,
  markLikeSeen,
  selectAutoLiker,
  selectAutoLikes,
  selectLikesOf,
  selectLikeTarget,
  selectMatchRates,
  selectMemberBasics,
  selectProfileIdOf,
  selectVisibleCards,
} from './likes.queries.ts'

/** At most one automatic like a day, and a handful in all: a welcome, not a stream. */
const AUTO_LIKE_EVERY_MS = 24 * 60 * 60 * 1000
const AUTO_LIKES_MAX = 5
/** /premium's claim rests on the members of the last year, at least this many on each side. */
const MATCH_LIFT_SINCE_DAYS = 365
const MATCH_LIFT_MIN_MEMBERS = 30
const MATCH_FINDER_RESULTS = 24

export type LikesService = ReturnType<typeof createLikesService>

/** The other member of a like, checked by write_refusal: visible, not the viewer, no block either way. */
export async function likeTarget(db: Executor, viewerUserId: number, profileId: number) {
  const target = await selectLikeTarget(db, profileId, viewerUserId)
  if (!target || target.refusal === 'member.not_found') throw new AppError('member.not_found', 404)
  if (target.refusal)
    throw new AppError(target.refusal, writeRefusalStatus(target.refusal), { name: target.name })
  return target
}

/**
 * Likes one member inside the caller's transaction. A like back is a match: the other member's
 * like, now answered, counts as seen by the viewer. Returns what to announce after commit.
 */
export async function addLike(
  tx: Executor,
  like: { likerUserId: number; likedUserId: number; source: 'profile' | 'swipe' | 'auto' },
) {
  const created = await insertLike(tx, like)
  const match = await likeExists(tx, like.likedUserId, like.likerUserId)
  if (created && match) await markLikeSeen(tx, like.likedUserId, like.likerUserId)
  return { created, match }
}

/** Likes, matches and the likes lists (spec sections 3, 4 and 7). */
export function createLikesService(db: Db, deps: { events: EventBus; members: MembersService; now: Clock }) {
  /** Tells the liked member (and on a match, both) once the like is committed. */
  const announce = async (likerUserId: number, likedUserId: number, match: boolean) => {
    const [likerProfile, likedProfile] = await Promise.all([
      selectProfileIdOf(db, likerUserId),
      selectProfileIdOf(db, likedUserId),
    ])
    if (likerProfile === null || likedProfile === null) return
    deps.events.emit({ type: 'like.created', userId: likedUserId, profileId: likerProfile })
    if (match) {
      deps.events.emit({ type: 'match.created', userId: likedUserId, profileId: likerProfile })
      deps.events.emit({ type: 'match.created', userId: likerUserId, profileId: likedProfile })
    }
  }

  /** Per site: the lift of /premium's claim and when it was worked out (an hour's worth). */
  const lifts = new Map<number, { at: number; lift: number | null }>()

  return {
    /**
     * How much more often Premium members have a match than the others, in percent, from the site's
     * members of the last year (MATCH_LIFT_SINCE_DAYS); null when the data backs no such claim (too
     * few members on either side, or no difference in Premium's favour). Worked out once an hour.
     */
    async premiumMatchLift(siteId: number): Promise<number | null> {
      const at = deps.now().getTime()
      const known = lifts.get(siteId)
      if (known && at - known.at < 3_600_000) return known.lift
      const { premium, free } = await selectMatchRates(
        db,
        siteId,
        new Date(at - MATCH_LIFT_SINCE_DAYS * DAY_MS),
      )
      const enough = premium.members >= MATCH_LIFT_MIN_MEMBERS && free.members >= MATCH_LIFT_MIN_MEMBERS
      const premiumRate = premium.matched / Math.max(1, premium.members)
      const freeRate = free.matched / Math.max(1, free.members)
      const lift = enough && freeRate > 0 ? Math.round((premiumRate / freeRate - 1) * 100) : null
      const shown = lift !== null && lift >= 1 ? lift : null
      lifts.set(siteId, { at, lift: shown })
      return shown
    },

    announce,

    /** POST /api/like.php: liking twice changes nothing; liking back makes a match. */
    async like(viewerUserId: number, profileId: number): Promise<LikeResponse> {
      const outcome = await db.transaction(async (tx) => {
        const target = await likeTarget(tx, viewerUserId, profileId)
        const result = await addLike(tx, {
          likerUserId: viewerUserId,
          likedUserId: target.userId,
          source: 'profile',
        })
        return { ...result, likedUserId: target.userId }
      })
      if (outcome.created) await announce(viewerUserId, outcome.likedUserId, outcome.match)
      return { liked: true, match: outcome.match }
    },

    /** DELETE /api/like.php: the like is withdrawn, and with it a match. */
    async unlike(viewerUserId: number, profileId: number): Promise<LikeResponse> {
      // Withdrawing a like needs the member visible only: a block does not keep a like in place.
      const target = await selectLikeTarget(db, profileId, viewerUserId)
      if (!target || target.refusal === 'member.not_found') throw new AppError('member.not_found', 404)
      await deleteLike(db, viewerUserId, target.userId)
      return { liked: false, match: false }
    },

    /** PUT /api/like.php and opening /likes/m/{id}: the like from that member has been seen. */
    async markSeen(viewerUserId: number, profileId: number): Promise<boolean> {
      const target = await selectLikeTarget(db, profileId, viewerUserId)
      if (!target || target.refusal === 'member.not_found') return false
      return markLikeSeen(db, target.userId, viewerUserId)
    },

    /**
     * GET /api/likes.php: the cards of the members the viewer liked or was liked by (the 500 most
     * recent each way, visible, no block either way), and who liked the viewer, new until seen.
     */
    async list(viewerUserId: number, cdnPrefix: string): Promise<LikesResponse> {
      const { given, received } = await selectLikesOf(db, viewerUserId)
      const userIds = [...new Set([...given, ...received].map((l) => l.userId))]
      const cards = await selectVisibleCards(db, userIds, viewerUserId)
      const byUser = new Map(cards.map((c) => [c.userId, c]))
      const likedUsers = new Set(given.map((l) => l.userId))
      const latest = new Map<number, number>()
      for (const l of [...given, ...received]) {
        latest.set(l.userId, Math.max(latest.get(l.userId) ?? 0, l.createdAt.getTime()))
      }
      const profiles = [...byUser.values()]
        .sort((a, b) => (latest.get(b.userId) ?? 0) - (latest.get(a.userId) ?? 0))
        .map((card) => ({
          ...toPublicProfile(card, cdnPrefix, deps.now()),
          liked: likedUsers.has(card.userId),
        }))
      const likedBy = received.flatMap((l) => {
        const card = byUser.get(l.userId)
        return card ? [{ id: card.id, like_new: l.isNew }] : []
      })
      return { profiles, liked_by: likedBy }
    },

    /**
     * GET /api/auto-like.php: once a day (five times in all) one of the site's fictional members,
     * disclosed as such, likes the member; null when none is due or available.
     */
    async autoLike(viewerUserId: number, cdnPrefix: string): Promise<AutoLikeResponse> {
      const now = deps.now()
      const viewer = await selectMemberBasics(db, viewerUserId)
      if (!viewer) throw new AppError('authentication_required', 403)
      // Nobody sees a profile before its e-mail address is confirmed: no like can come from anyone.
      if (viewer.status !== 'active') return { profile: null }
      const previous = await selectAutoLikes(db, viewerUserId)
      if (previous.count >= AUTO_LIKES_MAX) return { profile: null }
      if (previous.last && now.getTime() - previous.last.getTime() < AUTO_LIKE_EVERY_MS)
        return { profile: null }
      const liker = await selectAutoLiker(db, {
        userId: viewerUserId,
        siteId: viewer.siteId,
        genders: gendersSought(viewer.gender, viewer.sexuality),
        ages: agesOf(viewer, now),
        country: viewer.country,
      })
      if (!liker) return { profile: null }
      const outcome = await db.transaction((tx) =>
        addLike(tx, { likerUserId: liker.userId, likedUserId: viewerUserId, source: 'auto' }),
      )
      if (outcome.created) await announce(liker.userId, viewerUserId, outcome.match)
      const card = toPublicProfile(liker, cdnPrefix, deps.now())
      return {
        profile: { id: card.id, name: card.name, main_image: card.main_image, fictional: card.fictional },
      }
    },

    /**
     * GET /api/match-finder.php: the match finder's answers (who, ages, where in the member's
     * country, interests) ranked by the members service.
     */
    async matchFinder(
      viewerUserId: number,
      q: MatchFinderQuery,
      cdnPrefix: string,
    ): Promise<MatchFinderResponse> {
      const member = await selectMemberBasics(db, viewerUserId)
      if (!member) throw new AppError('authentication_required', 403)
      const profiles = await deps.members.rank({
        viewerUserId,
        genders: q.gender === 'both' ? ['female', 'male'] : [q.gender],
        country: member.country,
        regionId: q.countryregion,
        minAge: q.min_age,
        maxAge: q.max_age,
        interestIds: q.interests ?? [],
        limit: MATCH_FINDER_RESULTS,
        cdnPrefix,
      })
      return { profiles }
    },
  }
}

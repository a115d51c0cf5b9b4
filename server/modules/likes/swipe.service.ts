import { SWIPE_LIKES_PER_DAY } from '#common/constants.ts'
import { cellFromKey, cellVector } from '#common/geo-grid.ts'
import { gendersSought } from '#common/matching.ts'
import type { SwipeDeckResponse, SwipeResponse, SwipeState } from '#common/schemas/likes.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { dayBounds, timeZoneOf } from '#server/lib/time-zone.ts'
import { toPublicProfile } from '#server/modules/members/members.service.ts'
import type { PromptsOf } from '#server/modules/profile-prompts/profile-prompts.service.ts'
import type { VoicesOf } from '#server/modules/voice-prompts/voice-prompts.service.ts'
import { agesOf } from './ages.ts'
import {
  countSwipeLikesSince,
  selectMemberBasics,
  selectSwipeCards,
  updateSwipeDay,
  upsertSwipe,
} from './likes.queries.ts'
import { addLike, type LikesService, likeTarget } from './likes.service.ts'

const DECK_SIZE = 10

/**
 * The swipe game's day at `at` (issue 36, point 8): the day in progress, in the time zone it began
 * with, until it ends; then the day of the member's zone now, counted from no earlier than the end
 * of the last one (a zone further east starts its day sooner: likes of the last day never count
 * twice, and a change of zone never gives a day more).
 */
function swipeDay(
  member: {
    timeZone: string | null
    country: string
    swipeDayStartsAt: Date | null
    swipeDayEndsAt: Date | null
  },
  at: Date,
): { start: Date; next: Date; fresh: boolean } {
  const { swipeDayStartsAt: started, swipeDayEndsAt: ends } = member
  if (started && ends && at < ends) return { start: started, next: ends, fresh: false }
  const day = dayBounds(at, timeZoneOf(member.timeZone, member.country))
  const start = ends && ends > day.start ? ends : day.start
  return { start, next: day.next, fresh: true }
}

export type SwipeService = ReturnType<typeof createSwipeService>

/**
 * The swipe game (/swipe-game): one card at a time, like or pass; SWIPE_LIKES_PER_DAY likes per
 * day (spec section 9), counted from midnight in the member's own time zone (swipeDay).
 */
export function createSwipeService(
  db: Db,
  deps: { likes: LikesService; now: Clock; voices: VoicesOf; prompts: PromptsOf },
) {
  const { now } = deps

  const state = (used: number, next: Date): SwipeState => ({
    likes_left: Math.max(0, SWIPE_LIKES_PER_DAY - used),
    likes_per_day: SWIPE_LIKES_PER_DAY,
    resets_at: next.toISOString(),
  })

  return {
    /** GET /api/swipe.php: the next cards and today's likes left. */
    async deck(userId: number, cdnPrefix: string): Promise<SwipeDeckResponse> {
      const member = await selectMemberBasics(db, userId)
      if (!member) throw new AppError('authentication_required', 403)
      const day = swipeDay(member, now())
      const [used, cards] = await Promise.all([
        countSwipeLikesSince(db, userId, day.start),
        selectSwipeCards(db, {
          userId,
          genders: gendersSought(member.gender, member.sexuality),
          ages: agesOf(member, now()),
          country: member.country,
          limit: DECK_SIZE,
          nearest: member.geoCell === null ? undefined : cellVector(cellFromKey(member.geoCell)),
        }),
      ])
      const ids = cards.map((c) => c.id)
      const [voices, prompts] = await Promise.all([deps.voices(ids, cdnPrefix), deps.prompts(ids)])
      return {
        ...state(used, day.next),
        // With the member's place, each card says how far (in bands, as search does); its voice prompt plays.
        profiles: cards.map((c) => ({
          ...toPublicProfile(c, cdnPrefix, now(), member.geoCell),
          voice: voices.get(c.id) ?? null,
          prompts: prompts.get(c.id) ?? [],
        })),
      }
    },

    /**
     * POST /api/swipe.php: a like (refused with swipe.limit_reached once today's likes are used)
     * or a pass. The member's row is locked while counting, so parallel swipes cannot exceed it.
     */
    async swipe(userId: number, profileId: number, like: boolean): Promise<SwipeResponse> {
      const at = now()
      const outcome = await db.transaction(async (tx) => {
        const member = await selectMemberBasics(tx, userId, true)
        if (!member) throw new AppError('authentication_required', 403)
        const day = swipeDay(member, at)
        const target = await likeTarget(tx, userId, profileId)
        let used = await countSwipeLikesSince(tx, userId, day.start)
        if (like && used >= SWIPE_LIKES_PER_DAY) {
          throw new AppError('swipe.limit_reached', 403, {
            count: SWIPE_LIKES_PER_DAY,
            resets_at: day.next.toISOString(),
          })
        }
        await upsertSwipe(tx, { userId, swipedUserId: target.userId, liked: like, createdAt: at })
        // The first like of a day fixes its bounds: a later change of zone leaves them.
        if (like && day.fresh) await updateSwipeDay(tx, userId, day)
        if (!like) return { used, next: day.next, created: false, match: false, likedUserId: target.userId }
        used++
        const result = await addLike(tx, { likerUserId: userId, likedUserId: target.userId, source: 'swipe' })
        return { used, next: day.next, ...result, likedUserId: target.userId }
      })
      if (outcome.created) await deps.likes.announce(userId, outcome.likedUserId, outcome.match)
      return { ...state(outcome.used, outcome.next), match: outcome.match }
    },
  }
}

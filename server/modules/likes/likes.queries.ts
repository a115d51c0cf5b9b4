import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { type Executor, queryRows } from '#server/db/client.ts'
import {
  agedBetween,
  distanceFrom,
  notBlockedWith,
  selectProfileCards,
  visibleToOthers,
} from '#server/db/profile-cards.ts'
import { likes, swipes } from '#server/db/schema/likes.ts'
import { profiles, users } from '#server/db/schema/members.ts'
import { writeRefusal } from '#server/db/write-refusal.ts'

/** How many of the most recent likes each way the likes lists hold. */
const LIKES_LIST_LIMIT = 500

/** A profile with its owner, and why the viewer may not like it (null when they may). */
export async function selectLikeTarget(db: Executor, profileId: number, viewerUserId: number) {
  const rows = await db
    .select({ userId: profiles.userId, name: profiles.name, refusal: writeRefusal(viewerUserId, 'like') })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1)
  return rows[0] ?? null
}

/** The viewer's own profile id (the id others know them by). */
export async function selectProfileIdOf(db: Executor, userId: number) {
  const rows = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId)).limit(1)
  return rows[0]?.id ?? null
}

/** Inserts a like; false when it already existed. */
export async function insertLike(
  db: Executor,
  like: { likerUserId: number; likedUserId: number; source: 'profile' | 'swipe' | 'auto' },
) {
  const rows = await db
    .insert(likes)
    .values(like)
    .onConflictDoNothing()
    .returning({ liker: likes.likerUserId })
  return rows.length > 0
}

export async function likeExists(db: Executor, likerUserId: number, likedUserId: number) {
  const rows = await db
    .select({ n: sql`1` })
    .from(likes)
    .where(and(eq(likes.likerUserId, likerUserId), eq(likes.likedUserId, likedUserId)))
    .limit(1)
  return rows.length > 0
}

export async function deleteLike(db: Executor, likerUserId: number, likedUserId: number) {
  await db.delete(likes).where(and(eq(likes.likerUserId, likerUserId), eq(likes.likedUserId, likedUserId)))
}

/** The like from `likerUserId` has been seen by the member it was for. */
export async function markLikeSeen(db: Executor, likerUserId: number, likedUserId: number) {
  const rows = await db
    .update(likes)
    .set({ isNew: false })
    .where(and(eq(likes.likerUserId, likerUserId), eq(likes.likedUserId, likedUserId), eq(likes.isNew, true)))
    .returning({ liker: likes.likerUserId })
  return rows.length > 0
}

/** The most recent likes the member gave and received, with the other side's user id. */
export async function selectLikesOf(db: Executor, userId: number) {
  const [given, received] = await Promise.all([
    db
      .select({ userId: likes.likedUserId, createdAt: likes.createdAt })
      .from(likes)
      .where(eq(likes.likerUserId, userId))
      .orderBy(desc(likes.createdAt))
      .limit(LIKES_LIST_LIMIT),
    db
      .select({ userId: likes.likerUserId, isNew: likes.isNew, createdAt: likes.createdAt })
      .from(likes)
      .where(eq(likes.likedUserId, userId))
      .orderBy(desc(likes.createdAt))
      .limit(LIKES_LIST_LIMIT),
  ])
  return { given, received }
}

/** The cards of these members that the viewer may see: visible, and no block either way. */
export function selectVisibleCards(db: Executor, userIds: number[], viewerUserId: number) {
  if (userIds.length === 0) return Promise.resolve([])
  return selectProfileCards(db).where(
    and(inArray(profiles.userId, userIds), visibleToOthers(), notBlockedWith(viewerUserId)),
  )
}

/** The ages a member looks for, and today (from the service's clock) to turn them into birth dates. */
export interface Ages {
  minAge: number
  maxAge: number
  today: Date
}

/**
 * Cards for the swipe game: visible members of the sought genders in the country, neither swiped
 * nor liked by the player yet, no block either way, most recently active first.
 */
export function selectSwipeCards(
  db: Executor,
  opts: {
    userId: number
    genders: string[]
    ages: Ages
    country: string
    limit: number
    /** The member's place: the nearest first (issue 56, as search does), else the most recent. */
    nearest?: readonly [number, number, number]
  },
) {
  return selectProfileCards(db)
    .where(
      and(
        visibleToOthers(),
        sql`${profiles.userId} <> ${opts.userId}`,
        notBlockedWith(opts.userId),
        inArray(profiles.gender, opts.genders),
        agedBetween(opts.ages, opts.ages.today),
        eq(profiles.country, opts.country),
        sql`not exists (select 1 from ${swipes} s where s.user_id = ${opts.userId} and s.swiped_user_id = ${profiles.userId})`,
        sql`not exists (select 1 from ${likes} l where l.liker_user_id = ${opts.userId} and l.liked_user_id = ${profiles.userId})`,
      ),
    )
    .orderBy(
      ...(opts.nearest ? [sql`${distanceFrom(opts.nearest)} nulls last`] : []),
      sql`${profiles.lastActiveAt} desc`,
      sql`${profiles.id} desc`,
    )
    .limit(opts.limit)
}

/** What the likes features need of the member: where they are and whom they look for. */
export async function selectMemberBasics(db: Executor, userId: number, lock = false) {
  const query = db
    .select({
      timeZone: users.timeZone,
      swipeDayStartsAt: users.swipeDayStartsAt,
      swipeDayEndsAt: users.swipeDayEndsAt,
      siteId: users.siteId,
      country: profiles.country,
      geoCell: profiles.geoCell,
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      birthDate: profiles.birthDate,
      seekMinAge: profiles.seekMinAge,
      seekMaxAge: profiles.seekMaxAge,
      status: users.status,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  // Locked for the rest of the transaction: one swipe of the member at a time.
  const rows = await (lock ? query.for('update', { of: users }) : query)
  return rows[0] ?? null
}

/** Keeps the swipe game's day that began now, with the bounds of the zone the member has now. */
export async function updateSwipeDay(db: Executor, userId: number, day: { start: Date; next: Date }) {
  await db
    .update(users)
    .set({ swipeDayStartsAt: day.start, swipeDayEndsAt: day.next })
    .where(eq(users.id, userId))
}

/** The player's swipe likes since the start of their day. */
export async function countSwipeLikesSince(db: Executor, userId: number, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(swipes)
    .where(
      and(
        eq(swipes.userId, userId),
        eq(swipes.liked, true),
        sql`${swipes.createdAt} >= ${since.toISOString()}`,
      ),
    )
  return Number(row?.n ?? 0)
}

export async function upsertSwipe(
  db: Executor,
  swipe: { userId: number; swipedUserId: number; liked: boolean; createdAt: Date },
) {
  await db
    .insert(swipes)
    .values(swipe)
    .onConflictDoUpdate({
      target: [swipes.userId, swipes.swipedUserId],
      set: { liked: swipe.liked, createdAt: swipe.createdAt },
    })
}

/**
 * A fictional member (the site's own, disclosed as such) of the sought genders who does not like
 * the member yet and shares no block with them, preferring the member's country.
 */
export function selectAutoLiker(
  db: Executor,
  opts: { userId: number; siteId: number; genders: string[]; ages: Ages; country: string },
) {
  return selectProfileCards(db)
    .where(
      and(
        visibleToOthers(),
        eq(profiles.fictional, true),
        // One of the member's own site (brand), never another brand's.
        sql`exists (select 1 from ${users} u where u.id = ${profiles.userId} and u.site_id = ${opts.siteId})`,
        sql`${profiles.userId} <> ${opts.userId}`,
        notBlockedWith(opts.userId),
        inArray(profiles.gender, opts.genders),
        agedBetween(opts.ages, opts.ages.today),
        sql`not exists (select 1 from ${likes} l where l.liker_user_id = ${profiles.userId} and l.liked_user_id = ${opts.userId})`,
      ),
    )
    .orderBy(sql`${profiles.country} = ${opts.country} desc`, sql`${profiles.lastActiveAt} desc`)
    .limit(1)
    .then((rows) => rows[0] ?? null)
}

/** When the member last got an automatic like, and how many they got. */
export async function selectAutoLikes(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, last: sql<string | null>`max(${likes.createdAt})` })
    .from(likes)
    .where(and(eq(likes.likedUserId, userId), eq(likes.source, 'auto')))
  return { count: Number(row?.n ?? 0), last: row?.last ? new Date(row.last) : null }
}

/**
 * Of a site's real members who signed up since `since` (never fictional, never demo), how many are
 * Premium and how many of those have a match, and the same of the others: what /premium's claim
 * of a higher chance of a match rests on.
 */
export async function selectMatchRates(db: Executor, siteId: number, since: Date) {
  const rows = await queryRows<{ paid: boolean; members: number; matched: number }>(
    db,
    sql`select u.paid_user as paid, count(*)::int as members,
          count(*) filter (where exists (
            select 1 from ${likes} a join ${likes} b on b.liker_user_id = a.liked_user_id and b.liked_user_id = a.liker_user_id
            where a.liker_user_id = u.id))::int as matched
        from ${users} u join ${profiles} p on p.user_id = u.id
        where u.site_id = ${siteId} and u.status = 'active' and not u.demo and not p.fictional
          and u.signup_date >= ${since}
        group by u.paid_user`,
  )
  const of = (paid: boolean) => rows.find((r) => r.paid === paid) ?? { members: 0, matched: 0 }
  return { premium: of(true), free: of(false) }
}

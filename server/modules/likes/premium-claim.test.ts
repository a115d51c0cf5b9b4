import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { likes } from '#server/db/schema/likes.ts'
import { users } from '#server/db/schema/members.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let clock = new Date()

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
})
afterAll(() => t.close())

/** `count` real members of site 2, Premium or not, the first `matched` of them with a match. */
async function members(count: number, paid: boolean, matched: number) {
  const db = t.database.db
  const ids: number[] = []
  for (let i = 0; i < count; i++) ids.push((await buildMember(db, { siteId: 2, photoStatus: null })).user.id)
  if (paid) await db.update(users).set({ paidUser: true }).where(inArray(users.id, ids))
  for (const id of ids.slice(0, matched)) {
    const other = (await buildMember(db, { siteId: 1, photoStatus: null })).user.id
    await db.insert(likes).values([
      { likerUserId: id, likedUserId: other },
      { likerUserId: other, likedUserId: id },
    ])
  }
  // A like that was not returned is no match.
  const lonely = (await buildMember(db, { siteId: 1, photoStatus: null })).user.id
  await db.insert(likes).values({ likerUserId: ids[count - 1], likedUserId: lonely })
  return ids
}

describe('/premium’s claim of a higher chance of a match', () => {
  // spec: PROD-5
  it('is worked out from the site’s members, and left out when they do not back it', async () => {
    const likesService = t.app.services.likes
    // Too few members on either side: no claim.
    const premium = await members(30, true, 15)
    expect(await likesService.premiumMatchLift(2)).toBeNull()
    clock = new Date(clock.getTime() + 3_600_001)
    await members(30, false, 10)
    // 15 of 30 Premium members have a match, 10 of 30 others: 50 % more.
    expect(await likesService.premiumMatchLift(2)).toBe(50)
    // Within the hour the figure stands; after it, it follows the members.
    await t.database.db.delete(likes).where(inArray(likes.likerUserId, premium))
    expect(await likesService.premiumMatchLift(2)).toBe(50)
    clock = new Date(clock.getTime() + 3_600_001)
    expect(await likesService.premiumMatchLift(2)).toBeNull()
  })
})

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles, users } from '#server/db/schema/members.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sendPaidMessage } from '../../../tests/support/chat.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Signals a member may show (issue 61, point 5), on the injected clock: "New here" for 14 days after
// the sign-up, as a badge and a search filter, never for a fictional profile; "Usually replies
// within a day" from the member's real answer times, only when they chose to show it, absent below
// its threshold.

let now = new Date('2031-05-10T09:00:00Z')
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ clock: () => now })
})
afterAll(() => t.close())

type Member = Awaited<ReturnType<typeof activeMember>>
const page = async (viewer: Member, of: Member) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${of.user.profile.id}`,
      headers: { cookie: viewer.cookie },
    })
  ).json().profile
const hours = (n: number) => n * 3_600_000

describe('member signals', () => {
  it('marks a real member new for 14 days after signing up, on the page and the cards, and filters the search by it', async () => {
    const viewer = await activeMember(t.app, { gender: 'male' })
    const fresh = await activeMember(t.app, { name: 'Freshly' })
    const older = await activeMember(t.app, { name: 'Settled' })
    const db = t.database.db
    await db
      .update(users)
      .set({ signupDate: new Date(now.getTime() - 15 * 86_400_000) })
      .where(eq(users.id, older.user.id))
    expect((await page(viewer, fresh)).new_here).toBe(true)
    expect((await page(viewer, older)).new_here).toBe(false)
    const search = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/members.php?page=1${query}`,
          headers: { cookie: viewer.cookie },
        })
      )
        .json()
        .profiles.map((p: { id: number; new_here: boolean }) => [p.id, p.new_here])
    const all = new Map(await search(''))
    expect(all.get(fresh.user.profile.id)).toBe(true)
    expect(all.get(older.user.profile.id)).toBe(false)
    const onlyNew = new Map(await search('&new_here=1'))
    expect(onlyNew.has(fresh.user.profile.id)).toBe(true)
    expect(onlyNew.has(older.user.profile.id)).toBe(false)
    expect([...onlyNew.values()].every(Boolean)).toBe(true)
    // A fictional profile is never "new here", however recent.
    await db.update(profiles).set({ fictional: true }).where(eq(profiles.userId, fresh.user.id))
    expect((await page(viewer, fresh)).new_here).toBe(false)
    expect(new Map(await search('&new_here=1')).has(fresh.user.profile.id)).toBe(false)
  })

  it('says "usually replies within a day" from answer times, only when chosen, and not below the threshold', async () => {
    const anna = await activeMember(t.app, { name: 'Anna' })
    const viewer = await activeMember(t.app, { gender: 'male' })
    const start = now
    // Five members write to Anna; she answers four within two hours and one after thirty.
    const writers = await Promise.all([0, 1, 2, 3, 4].map(() => activeMember(t.app, { gender: 'male' })))
    for (const [i, writer] of writers.entries()) {
      now = new Date(start.getTime() + hours(i * 40))
      await sendPaidMessage(t.app, writer, anna, 'Hello Anna, how was the ferry to Texel?')
      now = new Date(now.getTime() + hours(i === 4 ? 30 : 2))
      await sendPaidMessage(t.app, anna, writer, 'Windy, but lovely!')
    }
    now = new Date(start.getTime() + hours(8 * 24))
    // Not shown until she chooses to show it.
    expect((await page(viewer, anna)).replies_within_day).toBe(false)
    await t.database.db.update(users).set({ showReplyTime: true }).where(eq(users.id, anna.user.id))
    expect((await page(viewer, anna)).replies_within_day).toBe(true)
    // A sixth and seventh left unanswered: 4 of 7 within a day is under 70 %.
    for (const writer of writers.slice(0, 2)) {
      now = new Date(now.getTime() + hours(1))
      await sendPaidMessage(t.app, writer, anna, 'Any plans for Saturday?')
    }
    now = new Date(now.getTime() + hours(30))
    expect((await page(viewer, anna)).replies_within_day).toBe(false)
    // A month later nothing is recent enough to say so.
    now = new Date(now.getTime() + hours(31 * 24))
    expect((await page(viewer, anna)).replies_within_day).toBe(false)
  })
})

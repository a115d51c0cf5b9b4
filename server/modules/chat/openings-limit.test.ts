import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles, users } from '#server/db/schema/members.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Limits by how much we know (issue 60, point 2): a member starts at most so many new conversations
// with members in 24 hours, fewer before a live check, by the injected clock; answers, conversations
// already open and fictional profiles are not counted.

let t: TestApp
let clock = new Date('2026-05-04T09:00:00Z')
const UNVERIFIED = 3
const VERIFIED = 5

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
  await t.database.db.execute(
    sql`update sites set settings = settings || ${JSON.stringify({ openings_per_day_unverified: UNVERIFIED, openings_per_day_verified: VERIFIED })}::jsonb`,
  )
  await t.app.services.sites.reload()
})
afterAll(async () => {
  await t?.close()
})

type Member = Awaited<ReturnType<typeof activeMember>>
async function member(name: string) {
  const m = await activeMember(t.app, { name })
  await t.database.db.update(users).set({ credits: 1000, paidUser: true }).where(eq(users.id, m.user.id))
  return m
}
let sent = 0
const write = (from: Member, to: Member, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/message.php',
    headers: { cookie: from.cookie, 'accept-language': language },
    remoteAddress: `10.77.${(++sent >> 8) & 255}.${sent & 255}`,
    payload: {
      profile: to.user.profile.id,
      text: `Hello ${to.user.profile.name}`,
      client_id: randomBytes(9).toString('base64url'),
    },
  })
const others = (n: number, name: string) =>
  Promise.all(Array.from({ length: n }, (_, i) => member(`${name}${i}`)))

describe('new conversations a day', () => {
  it('lets an unverified member start so many, says why the next is refused, and counts 24 hours', async () => {
    const sender = await member('Sam')
    const them = await others(UNVERIFIED + 1, 'Reader')
    // A conversation the other began, and its answer, count for nothing.
    const opener = await member('Opener')
    await write(opener, sender)
    expect((await write(sender, opener)).statusCode).toBe(200)
    for (const other of them.slice(0, UNVERIFIED)) expect((await write(sender, other)).statusCode).toBe(200)
    const refused = await write(sender, them[UNVERIFIED])
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toEqual({
      code: 'chat.openings_limit',
      message: `You can start ${UNVERIFIED} new conversations a day until your profile is verified; verified members can start ${VERIFIED}.`,
    })
    // Conversations already open go on.
    expect((await write(sender, them[0])).statusCode).toBe(200)
    // A fictional profile is neither counted nor limited.
    await t.database.db.update(profiles).set({ fictional: true }).where(eq(profiles.userId, opener.user.id))
    const fictional = await member('Fiction')
    await t.database.db
      .update(profiles)
      .set({ fictional: true })
      .where(eq(profiles.userId, fictional.user.id))
    expect((await write(sender, fictional)).statusCode).toBe(200)
    // 24 hours after the first opening, one more.
    clock = new Date(clock.getTime() + 23 * 3_600_000)
    expect((await write(sender, them[UNVERIFIED])).statusCode).toBe(429)
    clock = new Date(clock.getTime() + 3_600_000 + 60_000)
    expect((await write(sender, them[UNVERIFIED])).statusCode).toBe(200)
  })

  it('lets a verified member start more, and says so in French', async () => {
    const sender = await member('Vera')
    // Verified: the main photo is the one a live check matched (no photo file is needed for the rule).
    await t.database.db
      .update(profiles)
      .set({ mainPhotoId: 2_000_000_001, verifiedPhotoId: 2_000_000_001 })
      .where(eq(profiles.userId, sender.user.id))
    const them = await others(VERIFIED + 1, 'Lecteur')
    for (const other of them.slice(0, VERIFIED)) expect((await write(sender, other)).statusCode).toBe(200)
    const refused = await write(sender, them[VERIFIED], 'fr')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toEqual({
      code: 'chat.openings_limit_verified',
      message: `Vous pouvez commencer ${VERIFIED} nouvelles conversations par jour. Vous pourrez écrire à quelqu’un de nouveau demain.`,
    })
  })
})

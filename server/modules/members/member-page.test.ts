import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemberDetail } from '#common/schemas/members.ts'
import { photos, users } from '#server/db/schema/members.ts'
import { signupMember } from '../../../tests/support/accounts.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let profileId: number

beforeAll(async () => {
  t = await createTestApp()
  const { profile } = await buildMember(t.database.db, { name: 'Chloé', birthDate: '1990-03-03' })
  profileId = profile.id
  // Five more active photos and one pending: six active in all.
  for (let i = 0; i < 6; i++) {
    await t.database.db.insert(photos).values({
      profileId,
      filename: `test/${profileId}-${i}.webp`,
      thumbFilename: `test/${profileId}-${i}-thumb.webp`,
      status: i === 5 ? 'pending' : 'active',
      position: i + 1,
    })
  }
  await t.database.db.execute(
    sql`update profiles set hair_color = 'red', eye_color = 'green', about = 'Bonjour' where id = ${profileId}`,
  )
})
afterAll(() => t.close())

const page = async (cookie?: string, id = profileId) =>
  t.app.inject({ url: `/api/member.php?id=${id}`, headers: cookie ? { cookie } : {} })

describe('GET /api/member.php', () => {
  it('shows the bio in the page’s language where the member has it, else as written', async () => {
    const { profile } = await buildMember(t.database.db, { name: 'Margaux' })
    await t.database.db.execute(
      sql`update profiles set about = 'J’adore la mer.', about_language = 'fr',
        about_translations = ${JSON.stringify({ fr: 'J’adore la mer.', en: 'I love the sea.' })}::jsonb
        where id = ${profile.id}`,
    )
    const about = async (language: string) =>
      (
        await t.app.inject({
          url: `/api/member.php?id=${profile.id}`,
          headers: { 'accept-language': language },
        })
      ).json().profile.about
    expect(await about('en')).toBe('I love the sea.')
    expect(await about('fr')).toBe('J’adore la mer.')
    // Chloé wrote hers in one language only: every page shows it as written.
    expect(
      (
        await t.app.inject({ url: `/api/member.php?id=${profileId}`, headers: { 'accept-language': 'fr' } })
      ).json().profile.about,
    ).toBe('Bonjour')
  })

  it('shows a visitor the main photo only, and asks to log in for the others', async () => {
    const res = await page()
    expect(res.statusCode).toBe(200)
    const profile = MemberDetail.parse(res.json().profile)
    expect(profile.photos).toMatchObject({ total: 6, gated: 'login' })
    expect(profile.photos.shown).toHaveLength(1)
    expect(profile.photos.shown[0].filename).toBe(profile.main_image?.filename)
    expect(profile.traits).toEqual(
      expect.arrayContaining([
        { field: 'hair_color', value: 'red' },
        { field: 'eye_color', value: 'green' },
      ]),
    )
    expect(profile.about).toBe('Bonjour')
    // The URLs of gated photos never reach the visitor.
    expect(res.body).not.toContain(`${profileId}-4.webp`)
  })

  // spec: ROLE-2
  it('shows a free member a few photos and offers Premium; a Premium member sees all', async () => {
    const free = await signupMember(t.app)
    const asFree = MemberDetail.parse((await page(free.cookie)).json().profile)
    expect(asFree.photos).toMatchObject({ total: 6, gated: 'premium' })
    expect(asFree.photos.shown).toHaveLength(2)
    const premium = await signupMember(t.app)
    await t.database.db.update(users).set({ paidUser: true }).where(eq(users.id, premium.user.id))
    const asPremium = MemberDetail.parse((await page(premium.cookie)).json().profile)
    expect(asPremium.photos).toMatchObject({ total: 6, gated: null })
    expect(asPremium.photos.shown).toHaveLength(6)
  })

  it('is a 404 for unknown and hidden members', async () => {
    expect((await page(undefined, 999_999)).statusCode).toBe(404)
    const { profile } = await buildMember(t.database.db, { hidden: true })
    expect((await page(undefined, profile.id)).statusCode).toBe(404)
  })
})

describe('blocking', () => {
  // spec: ROLE-4
  it("keeps a blocked member out of the blocker's page and search, both ways", async () => {
    const blocker = await signupMember(t.app, { name: 'Blocker' })
    const other = await signupMember(t.app, { name: 'Pest' })
    await t.database.db.execute(
      sql`update profiles set status = 'active', country = 'IE' where id in (${blocker.user.profile.id}, ${other.user.profile.id})`,
    )
    const searchIE = async (cookie: string) =>
      (await t.app.inject({ url: '/api/members.php?country=IE', headers: { cookie } }))
        .json()
        .profiles.map((p: { id: number }) => p.id)
    expect(await searchIE(other.cookie)).toContain(blocker.user.profile.id)

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      payload: { profile: other.user.profile.id },
      headers: { cookie: blocker.cookie },
    })
    expect(res.json()).toEqual({ blocked: true })

    const denied = await page(other.cookie, blocker.user.profile.id)
    expect(denied.statusCode).toBe(403)
    expect(denied.json().error).toEqual({
      code: 'member.blocked',
      message: "You're blocked by Blocker. You do not have access to this page.",
    })
    expect(await searchIE(other.cookie)).not.toContain(blocker.user.profile.id)
    expect(await searchIE(blocker.cookie)).not.toContain(other.user.profile.id)
    const mine = MemberDetail.parse((await page(blocker.cookie, other.user.profile.id)).json().profile)
    expect(mine.blocked_by_me).toBe(true)

    await t.app.inject({
      method: 'DELETE',
      url: '/api/block.php',
      payload: { profile: other.user.profile.id },
      headers: { cookie: blocker.cookie },
    })
    expect((await page(other.cookie, blocker.user.profile.id)).statusCode).toBe(200)
    expect(await searchIE(other.cookie)).toContain(blocker.user.profile.id)
  })

  it('needs a member, a real profile, and someone else', async () => {
    const m = await signupMember(t.app)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/block.php', payload: { profile: profileId } }))
        .statusCode,
    ).toBe(403)
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      payload: { profile: m.user.profile.id },
      headers: { cookie: m.cookie },
    })
    expect(self.json().error.code).toBe('member.block_self')
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      payload: { profile: 999_999 },
      headers: { cookie: m.cookie },
    })
    expect(unknown.statusCode).toBe(404)
  })
})

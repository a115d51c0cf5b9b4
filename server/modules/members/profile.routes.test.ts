import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signupMember } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const put = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/profile.php', payload, headers: { cookie } })

describe('PUT /api/profile.php', () => {
  it('keeps the ages a member looks for, defaulting to their own age give or take ten', async () => {
    const m = await signupMember(t.app)
    const own = (await t.app.inject({ url: '/api/profile.php', headers: { cookie: m.cookie } })).json()
      .profile
    expect(own.seek_min_age).toBe(Math.max(18, own.age - 10))
    expect(own.seek_max_age).toBe(Math.min(99, own.age + 10))
    const saved = await put(m.cookie, { seek_min_age: 30, seek_max_age: 45 })
    expect(saved.json().profile).toMatchObject({ seek_min_age: 30, seek_max_age: 45 })
    // A range upside down, whole or against the bound kept, is refused in the member's language.
    const upside = await put(m.cookie, { seek_min_age: 50, seek_max_age: 40 })
    expect(upside.statusCode).toBe(400)
    const alone = await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      payload: { seek_min_age: 50 },
      headers: { cookie: m.cookie, 'accept-language': 'fr' },
    })
    expect(alone.statusCode).toBe(400)
    expect(alone.json().error.message).toBe('L’âge minimum ne peut pas dépasser l’âge maximum.')
    const tooYoung = await put(m.cookie, { seek_min_age: 16, seek_max_age: 40 })
    expect(tooYoung.statusCode).toBe(400)
    const after = (await t.app.inject({ url: '/api/profile.php', headers: { cookie: m.cookie } })).json()
      .profile
    expect(after).toMatchObject({ seek_min_age: 30, seek_max_age: 45 })
  })

  it('saves location, interests and about text', async () => {
    const m = await signupMember(t.app)
    const regions = (await t.app.inject({ url: '/api/regions.php?country=FR' })).json().regions
    const idf = regions.find((r: { code: string }) => r.code === 'FR-IDF')
    const interests = (await t.app.inject({ url: '/api/interests.php' }))
      .json()
      .interests.slice(0, 3)
      .map((i: { id: number }) => i.id)
    const res = await put(m.cookie, {
      country: 'FR',
      region_id: idf.id,
      city: 'Paris',
      interests,
      about: 'Bonjour !',
      sexuality: 'bisexual',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().profile).toMatchObject({
      country: 'FR',
      region_id: idf.id,
      city: 'Paris',
      about: 'Bonjour !',
      sexuality: 'bisexual',
    })
    expect(res.json().profile.interests.sort()).toEqual([...interests].sort())
  })

  it('refuses a region of another country, an unknown interest and a country the site does not serve', async () => {
    const m = await signupMember(t.app)
    const nl = (await t.app.inject({ url: '/api/regions.php?country=NL' })).json().regions[0]
    expect((await put(m.cookie, { country: 'FR', region_id: nl.id })).json().error.code).toBe(
      'profile.region_invalid',
    )
    expect((await put(m.cookie, { interests: [999_999] })).json().error.code).toBe('profile.interest_invalid')
    expect((await put(m.cookie, { country: 'US' })).json().error.code).toBe('profile.country_not_served')
  })

  it('changing the country clears a region that belonged to the old one', async () => {
    const m = await signupMember(t.app)
    const be = (await t.app.inject({ url: '/api/regions.php?country=BE' })).json().regions[0]
    await put(m.cookie, { country: 'BE', region_id: be.id })
    const res = await put(m.cookie, { country: 'DE' })
    expect(res.json().profile).toMatchObject({ country: 'DE', region_id: null })
  })
})

describe('PUT /api/profile.php, the profile editor', () => {
  // spec: STATE-13, DATA-3
  it('saves name, birth date, traits and invisible mode; an invisible member leaves search', async () => {
    const m = await signupMember(t.app)
    await t.database.db.execute(
      sql`update profiles set status = 'active', country = 'AT' where id = ${m.user.profile.id}`,
    )
    const res = await put(m.cookie, {
      name: 'Lena',
      date_of_birth: '1985-05-05',
      hair_color: 'blonde',
      eye_color: 'blue',
      body_type: 'athletic',
      relationship_status: 'single',
      tattoos: 'none',
    })
    expect(res.json().profile).toMatchObject({
      name: 'Lena',
      date_of_birth: '1985-05-05',
      hair_color: 'blonde',
      tattoos: 'none',
    })
    const ids = async () =>
      (await t.app.inject({ url: '/api/members.php?country=AT' }))
        .json()
        .profiles.map((p: { id: number }) => p.id)
    expect(await ids()).toContain(m.user.profile.id)
    expect((await put(m.cookie, { invisible: true })).json().profile.invisible).toBe(true)
    expect(await ids()).not.toContain(m.user.profile.id)
  })

  it('keeps the sign-up rules for the name and the birth date', async () => {
    const m = await signupMember(t.app, { email: `n${Date.now() % 1_000_000}@x.io` })
    expect((await put(m.cookie, { name: '@lena' })).json().error.fields.name).toBe(
      'Your name may not start with @.',
    )
    expect((await put(m.cookie, { name: m.email })).json().error.code).toBe('profile.name_is_email')
    expect((await put(m.cookie, { date_of_birth: '2015-01-01' })).json().error.fields.date_of_birth).toBe(
      'Enter your date of birth (18+)',
    )
    expect((await put(m.cookie, { hair_color: 'purple' })).statusCode).toBe(400)
  })
})

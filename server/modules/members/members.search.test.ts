import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemberSearchResponse } from '#common/schemas/members.ts'
import { signupMember } from '../../../tests/support/accounts.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
let utrecht: number
let noordHolland: number
const now = Date.now()
const yearsAgo = (years: number, days = 0) =>
  new Date(
    Date.UTC(new Date().getUTCFullYear() - years, new Date().getUTCMonth(), new Date().getUTCDate() - days),
  )
    .toISOString()
    .slice(0, 10)

beforeAll(async () => {
  t = await createTestApp()
  const regions = (await t.app.inject({ url: '/api/regions.php?country=NL' })).json().regions as Array<{
    id: number
    code: string
  }>
  utrecht = regions.find((r) => r.code === 'NL-UT')?.id ?? 0
  noordHolland = regions.find((r) => r.code === 'NL-NH')?.id ?? 0
  const db = t.database.db
  // 30 NL women in Utrecht aged 25..54, active one minute apart; a few others around them.
  for (let i = 0; i < 30; i++) {
    await buildMember(db, {
      name: `Utrecht${i}`,
      gender: 'female',
      country: 'NL',
      regionId: utrecht,
      birthDate: yearsAgo(25 + i, 10),
      lastActiveAt: new Date(now - i * 60_000),
    })
  }
  await buildMember(db, {
    name: 'Amsterdam',
    gender: 'female',
    country: 'NL',
    regionId: noordHolland,
    birthDate: yearsAgo(30, 10),
  })
  await buildMember(db, {
    name: 'Man',
    gender: 'male',
    country: 'NL',
    regionId: utrecht,
    birthDate: yearsAgo(30, 10),
  })
  await buildMember(db, { name: 'Paris', gender: 'female', country: 'FR', birthDate: yearsAgo(30, 10) })
  await buildMember(db, {
    name: 'Invisible',
    gender: 'female',
    country: 'NL',
    regionId: utrecht,
    invisible: true,
  })
  await buildMember(db, { name: 'Deleted', gender: 'female', country: 'NL', regionId: utrecht, hidden: true })
  await buildMember(db, {
    name: 'Disabled',
    gender: 'female',
    country: 'NL',
    regionId: utrecht,
    profileStatus: 'disabled',
  })
  // Around the bounds of 40..40: 40 since today and 41 tomorrow are in; 41 today and 40 tomorrow are out.
  await buildMember(db, { name: 'FortyToday', gender: 'female', country: 'BE', birthDate: yearsAgo(40) })
  await buildMember(db, {
    name: 'FortyOneTomorrow',
    gender: 'female',
    country: 'BE',
    birthDate: yearsAgo(41, -1),
  })
  await buildMember(db, { name: 'FortyOneToday', gender: 'female', country: 'BE', birthDate: yearsAgo(41) })
  await buildMember(db, {
    name: 'FortyTomorrow',
    gender: 'female',
    country: 'BE',
    birthDate: yearsAgo(40, -1),
  })
})
afterAll(() => t.close())

const search = async (query: string, cookie?: string) => {
  const res = await t.app.inject({ url: `/api/members.php?${query}`, headers: cookie ? { cookie } : {} })
  expect(res.statusCode).toBe(200)
  return MemberSearchResponse.parse(res.json())
}

describe('GET /api/members.php', () => {
  // spec: DATA-13
  it('honours every filter in every result, with the total', async () => {
    const r = await search(`gender=female&country=NL&countryregion=${utrecht}&min_age=30&max_age=39`)
    expect(r.total).toBe(10)
    expect(r.profiles).toHaveLength(10)
    for (const p of r.profiles) {
      expect(p).toMatchObject({ gender: 'female', country: 'NL' })
      expect(p.age).toBeGreaterThanOrEqual(30)
      expect(p.age).toBeLessThanOrEqual(39)
      expect(p.name).toMatch(/^Utrecht/)
    }
  })

  it('orders by recent activity and pages 24 at a time', async () => {
    const first = await search(`gender=female&country=NL&countryregion=${utrecht}`)
    expect(first.total).toBe(30)
    expect(first.pages).toBe(2)
    expect(first.profiles.map((p) => p.name).slice(0, 3)).toEqual(['Utrecht0', 'Utrecht1', 'Utrecht2'])
    const second = await search(`gender=female&country=NL&countryregion=${utrecht}&page=2`)
    expect(second.profiles.map((p) => p.name)).toEqual([
      'Utrecht24',
      'Utrecht25',
      'Utrecht26',
      'Utrecht27',
      'Utrecht28',
      'Utrecht29',
    ])
  })

  it('never shows invisible, deleted or disabled profiles, nor the searcher', async () => {
    const all = await search('country=NL')
    const names = all.profiles.map((p) => p.name)
    for (const hidden of ['Invisible', 'Deleted', 'Disabled']) expect(names).not.toContain(hidden)
    const me = await signupMember(t.app)
    await t.database.db.execute(
      (await import('drizzle-orm'))
        .sql`update profiles set status = 'active', country = 'BE' where id = ${me.user.profile.id}`,
    )
    const mine = await search('country=BE', me.cookie)
    expect(mine.profiles.map((p) => p.id)).not.toContain(me.user.profile.id)
  })

  it('counts ages by birthday: 40..40 holds whoever is 40 today', async () => {
    const r = await search('country=BE&min_age=40&max_age=40')
    expect(r.profiles.map((p) => p.name).sort()).toEqual(['FortyOneTomorrow', 'FortyToday'])
  })

  // spec: DATA-13
  it('offers similar members, with their count, when few match', async () => {
    const r = await search(`gender=female&country=NL&countryregion=${noordHolland}`)
    expect(r.total).toBe(1)
    expect(r.similar.total).toBe(30)
    expect(r.similar.profiles).toHaveLength(12)
    expect(
      r.similar.profiles.every((p) => p.country === 'NL' && p.gender === 'female' && p.name !== 'Amsterdam'),
    ).toBe(true)
  })

  it('refuses bad filters with a clear error', async () => {
    const res = await t.app.inject({ url: '/api/members.php?min_age=40&max_age=30' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.max_age).toBe('The lowest age cannot be above the highest.')
    expect((await t.app.inject({ url: '/api/members.php?min_age=12' })).statusCode).toBe(400)
  })

  it('finds members who share at least one of the interests asked for, with an exact total', async () => {
    const db = t.database.db
    const { sql } = await import('drizzle-orm')
    const [a, b] = await db
      .execute(sql`select id from interests order by id limit 2`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows)
    const hiker = await buildMember(db, { name: 'Hiker', gender: 'male', country: 'IE' })
    const cook = await buildMember(db, { name: 'Cook', gender: 'male', country: 'IE' })
    await buildMember(db, { name: 'Neither', gender: 'male', country: 'IE' })
    await db.execute(sql`insert into profile_interests (profile_id, interest_id) values
      (${hiker.profile.id}, ${a.id}), (${cook.profile.id}, ${b.id})`)
    const one = await search(`country=IE&interests=${a.id}`)
    expect(one.profiles.map((p) => p.name)).toEqual(['Hiker'])
    expect(one.total).toBe(1)
    const both = await search(`country=IE&interests=${a.id}&interests=${b.id}`)
    expect(both.profiles.map((p) => p.name).sort()).toEqual(['Cook', 'Hiker'])
    expect(both.total).toBe(2)
    expect(both.total_more).toBe(false)
    expect((await t.app.inject({ url: '/api/members.php?interests=abc' })).statusCode).toBe(400)
  })
})

import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { birthRange } from '#server/db/profile-cards.ts'
import { profiles, users } from '#server/db/schema/members.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { planSearch, type SearchInput } from './search-sql.ts'
import { countProfiles, splitByYear } from './search-totals.queries.ts'

let t: TestApp

/** The same count, the slow way: every visible profile matching the filters, counted one by one. */
async function liveCount(f: SearchInput): Promise<number> {
  const born = birthRange({ minAge: f.min_age, maxAge: f.max_age }, today)
  const gender = [f.gender ?? []].flat()[0] ?? null
  const rows = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(
      sql`status = 'active' and not invisible and not hidden
        and (${f.country ?? null}::text is null or country = ${f.country ?? null})
        and (${gender}::text is null or gender = ${gender})
        and (${f.countryregion ?? null}::int is null or region_id = ${f.countryregion ?? null})
        and (${born.from ?? null}::date is null or birth_date >= ${born.from ?? null}::date)
        and (${born.to ?? null}::date is null or birth_date <= ${born.to ?? null}::date)`,
    )
  return Number(rows[0].n)
}

const today = new Date()
const FILTERS: SearchInput[] = [
  {},
  { country: 'NL' },
  { country: 'NL', gender: ['female'] },
  { country: 'NL', gender: 'male', min_age: 30 },
  { country: 'BE', max_age: 40 },
  { min_age: 25, max_age: 35 },
  { min_age: 33, max_age: 33 },
  { country: 'NL', countryregion: 7, min_age: 18, max_age: 99 },
]

async function expectCountsMatch() {
  for (const f of FILTERS) {
    expect({ f, n: await countProfiles(t.database.db, planSearch(f, { today })) }).toEqual({
      f,
      n: await liveCount(f),
    })
  }
}

beforeAll(async () => {
  t = await createTestApp()
  const today = new Date()
  // 120 members born on days spread over 60 years, in two countries, both genders, some in a region.
  for (let i = 0; i < 120; i++) {
    const birth = new Date(Date.UTC(today.getUTCFullYear() - 19 - (i % 60), (i * 5) % 12, 1 + ((i * 7) % 28)))
    await buildMember(t.database.db, {
      gender: i % 3 === 0 ? 'male' : 'female',
      country: i % 4 === 0 ? 'BE' : 'NL',
      regionId: i % 5 === 0 ? 7 : null,
      birthDate: birth.toISOString().slice(0, 10),
      invisible: i % 11 === 0,
      hidden: i % 13 === 0,
      photoStatus: null,
    })
  }
})

afterAll(async () => {
  await t.close()
})

describe('search totals from the per-bucket counts', () => {
  it('cut an age range into whole years and at most two partial years', () => {
    expect(splitByYear({ from: '1990-03-02', to: '2000-03-01' })).toEqual({
      years: { from: 1991, to: 1999 },
      partial: [
        { from: '1990-03-02', to: '1990-12-31' },
        { from: '2000-01-01', to: '2000-03-01' },
      ],
    })
    expect(splitByYear({ from: '1990-01-01', to: '1990-12-31' })).toEqual({
      years: { from: 1990, to: 1990 },
      partial: [],
    })
    expect(splitByYear({ from: '1990-03-02', to: '1991-03-01' })).toEqual({
      years: null,
      partial: [
        { from: '1990-03-02', to: '1990-12-31' },
        { from: '1991-01-01', to: '1991-03-01' },
      ],
    })
    expect(splitByYear({ from: '1990-03-02', to: '1990-05-01' })).toEqual({
      years: null,
      partial: [{ from: '1990-03-02', to: '1990-05-01' }],
    })
    expect(splitByYear({})).toEqual({ years: { from: undefined, to: undefined }, partial: [] })
  })

  it('equal a live count after inserts', async () => {
    await expectCountsMatch()
  })

  it('follow visibility, moves, birth dates, bans and deletions, in single and bulk statements', async () => {
    const db = t.database.db
    await db.update(profiles).set({ invisible: true }).where(sql`${profiles.id} % 7 = 0`)
    await db.update(profiles).set({ country: 'BE', regionId: null }).where(sql`${profiles.id} % 9 = 0`)
    await db.update(profiles).set({ birthDate: '1980-12-31' }).where(sql`${profiles.id} % 8 = 1`)
    await db.update(profiles).set({ hidden: false }).where(sql`${profiles.id} % 6 = 0`)
    await db.update(profiles).set({ lastActiveAt: new Date() })
    await expectCountsMatch()
    const [first] = await db.select({ userId: profiles.userId }).from(profiles).limit(1)
    await db.delete(users).where(eq(users.id, first.userId))
    await db.delete(profiles).where(sql`${profiles.id} % 10 = 3`)
    await expectCountsMatch()
  })
})

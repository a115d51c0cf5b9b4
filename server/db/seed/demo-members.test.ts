import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, queryRows } from '#server/db/client.ts'
import { ensureReferenceData } from '#server/db/reference/ensure-reference-data.ts'
import { CITIES } from '#server/db/reference/regions.ts'
import { localMediaStore } from '#server/lib/media-store.ts'
import { createTestDatabase } from '../../../tests/support/test-app.ts'
import { hasDemoMembers, seedDemoMembers } from './demo-members.ts'

let database: Database
let drop: () => Promise<void>
const mediaDir = mkdtempSync(path.join(tmpdir(), 'seed-media-'))

beforeAll(async () => {
  ;({ database, drop } = await createTestDatabase())
  await database.migrate()
  await ensureReferenceData(database.db)
})
afterAll(async () => {
  await drop()
  rmSync(mediaDir, { recursive: true, force: true })
})

function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(database.db, query)
}

/** The day the demo members are made in this test: their ages are counted from it. */
const SEEDED_AT = new Date('2031-03-15T12:00:00Z')

describe('demo members', () => {
  it('creates realistic members with photos, interests, regions and a few fictional profiles', async () => {
    expect(await hasDemoMembers(database.db)).toBe(false)
    const result = await seedDemoMembers(database.db, {
      members: 60,
      seed: 7,
      media: localMediaStore(mediaDir),
      batchSize: 25,
      now: SEEDED_AT,
    })
    expect(result.members).toBe(60)
    expect(await hasDemoMembers(database.db)).toBe(true)

    const [stats] = await rows<Record<string, string | number>>(sql`
      select count(*)::int as members,
             count(distinct p.country)::int as countries,
             count(distinct p.gender)::int as genders,
             count(*) filter (where p.fictional)::int as fictional,
             count(*) filter (where p.region_id is null)::int as without_region,
             count(*) filter (where p.about_language = 'fr')::int as french,
             min(extract(year from age(${SEEDED_AT.toISOString().slice(0, 10)}::date, p.birth_date)))::int as youngest
      from profiles p join users u on u.id = p.user_id where u.demo`)
    expect(stats.members).toBe(60)
    expect(Number(stats.countries)).toBeGreaterThanOrEqual(5)
    expect(stats.genders).toBe(2)
    expect(stats.fictional).toBe(2)
    expect(stats.without_region).toBe(0)
    expect(Number(stats.french)).toBeGreaterThan(0)
    expect(Number(stats.youngest)).toBeGreaterThanOrEqual(18)

    const photos = await rows<{ filename: string; thumb_filename: string; is_main: boolean }>(sql`
      select ph.filename, ph.thumb_filename, ph.id = p.main_photo_id as is_main
      from photos ph join profiles p on p.id = ph.profile_id`)
    expect(photos.length).toBe(result.photos)
    expect(photos.filter((p) => p.is_main)).toHaveLength(60)
    for (const photo of photos) {
      expect(existsSync(path.join(mediaDir, photo.filename))).toBe(true)
      expect(existsSync(path.join(mediaDir, photo.thumb_filename))).toBe(true)
    }
    const [interests] = await rows<{ min: number }>(sql`
      select min(n)::int as min from (select count(*) as n from profile_interests group by profile_id) t`)
    expect(interests.min).toBeGreaterThanOrEqual(3)

    // People, not cartoons at random: a city of their own region and country, a portrait of their
    // gender, age and hair colour, a bio in English and in French that says the same.
    const people = await rows<{
      gender: string
      age: number
      hair_color: string
      city: string | null
      region_code: string
      country: string
      about: string
      about_language: string
      about_translations: Record<string, string>
      filename: string
    }>(sql`
      select p.gender, extract(year from age(${SEEDED_AT.toISOString().slice(0, 10)}::date, p.birth_date))::int as age, p.hair_color,
             p.city, r.code as region_code, p.country, p.about, p.about_language, p.about_translations,
             ph.filename
      from profiles p join users u on u.id = p.user_id join regions r on r.id = p.region_id
      join photos ph on ph.id = p.main_photo_id where u.demo`)
    for (const person of people) {
      expect(CITIES[person.region_code]).toContain(person.city)
      expect(person.region_code.startsWith(`${person.country}-`)).toBe(true)
      const band = person.age < 30 ? 'young' : person.age < 50 ? 'middle' : 'older'
      expect(person.filename).toContain(`/${person.gender[0]}-${band}-${person.hair_color}-`)
      expect(Object.keys(person.about_translations).sort()).toEqual(['en', 'fr'])
      expect(person.about).toBe(person.about_translations[person.about_language])
    }
  })

  it('is deterministic from its seed and replaces the previous demo members', async () => {
    const names = async () =>
      (
        await rows<{ name: string }>(
          sql`select p.name from profiles p join users u on u.id = p.user_id order by u.email`,
        )
      ).map((r) => r.name)
    await seedDemoMembers(database.db, { members: 30, seed: 11, media: localMediaStore(mediaDir) })
    const first = await names()
    await seedDemoMembers(database.db, { members: 30, seed: 11, media: localMediaStore(mediaDir) })
    expect(await names()).toEqual(first)
    expect(first).toHaveLength(30)
    await seedDemoMembers(database.db, { members: 30, seed: 12, media: localMediaStore(mediaDir) })
    expect(await names()).not.toEqual(first)
  })
})

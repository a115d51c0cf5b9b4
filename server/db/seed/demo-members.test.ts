import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, queryRows } from '#server/db/client.ts'
import { ensureReferenceData } from '#server/db/reference/ensure-reference-data.ts'
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

describe('demo members', () => {
  it('creates realistic members with photos, interests, regions and a few fictional profiles', async () => {
    expect(await hasDemoMembers(database.db)).toBe(false)
    const result = await seedDemoMembers(database.db, { members: 60, seed: 7, mediaDir, batchSize: 25 })
    expect(result.members).toBe(60)
    expect(await hasDemoMembers(database.db)).toBe(true)

    const [stats] = await rows<Record<string, string | number>>(sql`
      select count(*)::int as members,
             count(distinct p.country)::int as countries,
             count(distinct p.gender)::int as genders,
             count(*) filter (where p.fictional)::int as fictional,
             count(*) filter (where p.region_id is null)::int as without_region,
             count(*) filter (where p.about_language = 'fr')::int as french,
             min(extract(year from age(p.birth_date)))::int as youngest
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
  })

  it('is deterministic from its seed and replaces the previous demo members', async () => {
    const names = async () =>
      (
        await rows<{ name: string }>(
          sql`select p.name from profiles p join users u on u.id = p.user_id order by u.email`,
        )
      ).map((r) => r.name)
    await seedDemoMembers(database.db, { members: 30, seed: 11, mediaDir })
    const first = await names()
    await seedDemoMembers(database.db, { members: 30, seed: 11, mediaDir })
    expect(await names()).toEqual(first)
    expect(first).toHaveLength(30)
    await seedDemoMembers(database.db, { members: 30, seed: 12, mediaDir })
    expect(await names()).not.toEqual(first)
  })
})

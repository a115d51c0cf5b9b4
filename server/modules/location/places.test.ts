import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cellKey, cellOf } from '#common/geo-grid.ts'
import { profiles } from '#server/db/schema/members.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createGeocodeService } from './geocode.service.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})

afterAll(async () => {
  await t.close()
})

describe("members' places on the grid (ADR 26)", () => {
  it('places members made before places were kept, from their town (local names too) or region', async () => {
    const db = t.database.db
    const { profile: hague } = await buildMember(db, { name: 'Hague', country: 'NL', city: 'Den Haag' })
    const { profile: unknown } = await buildMember(db, {
      name: 'Unknown',
      country: 'NL',
      city: 'Nergenshuizen',
    })
    expect(hague.geoCell).toBeNull()
    const geocoder = createGeocodeService(db, ['NL'])
    while ((await geocoder.placeUnplaced(1000)) > 0);
    const [placed] = await db.select().from(profiles).where(eq(profiles.id, hague.id))
    // The Hague's cell: its point is 52.08, 4.30.
    expect(placed.geoCell).toBe(cellKey(cellOf(52.0799, 4.3113)))
    const [still] = await db.select().from(profiles).where(eq(profiles.id, unknown.id))
    expect(still.geoCell).toBeNull()
  })
})

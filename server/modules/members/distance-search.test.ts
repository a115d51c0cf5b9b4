import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cellCenter, cellFromKey, cellKey, cellOf, kmBetween } from '#common/geo-grid.ts'
import { MemberSearchResponse } from '#common/schemas/members.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

const PLACES = {
  brighton: { lat: 50.8284, lon: -0.1395 },
  london: { lat: 51.5074, lon: -0.1278 },
  paris: { lat: 48.8566, lon: 2.3522 },
  innsbruck: { lat: 47.2692, lon: 11.4041 },
  montreal: { lat: 45.5017, lon: -73.5673 },
}

/** A searching member placed in a town, as the profile page places them. */
async function searcher(country: string, city: string) {
  const member = await activeMember(t.app, { gender: 'male' })
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/profile.php',
    headers: { cookie: member.cookie, host: 'localhost:3000' },
    payload: { country, city, region_id: null },
  })
  expect(res.statusCode, res.body).toBe(200)
  return member
}

async function search(cookie: string, query = '') {
  const res = await t.app.inject({
    url: `/api/members.php?gender=female${query}`,
    headers: { cookie, host: 'localhost:3000' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return MemberSearchResponse.parse(res.json())
}

beforeAll(async () => {
  t = await createTestApp()
  const db = t.database.db
  // Montréal and Innsbruck were active last: by recency they would come first.
  const at = Date.now()
  await buildMember(db, { name: 'Montreal', country: 'CA', at: PLACES.montreal, lastActiveAt: new Date(at) })
  await buildMember(db, {
    name: 'Innsbruck',
    country: 'AT',
    at: PLACES.innsbruck,
    lastActiveAt: new Date(at - 1000),
  })
  await buildMember(db, { name: 'Paris', country: 'FR', at: PLACES.paris, lastActiveAt: new Date(at - 2000) })
  await buildMember(db, {
    name: 'London',
    country: 'GB',
    at: PLACES.london,
    lastActiveAt: new Date(at - 3000),
  })
  await buildMember(db, {
    name: 'Brighton',
    country: 'GB',
    at: PLACES.brighton,
    lastActiveAt: new Date(at - 4000),
  })
  await buildMember(db, { name: 'Nowhere', country: 'GB', city: null, lastActiveAt: new Date(at - 5000) })
}, 60_000)

afterAll(async () => {
  await t.close()
})

describe('people near me (ADR 26)', () => {
  it('orders a member in Brighton by distance, shows distances in bands only, and filters by distance', async () => {
    const me = await searcher('GB', 'Brighton')
    const all = await search(me.cookie)
    const names = all.profiles
      .map((p) => p.name)
      .filter((n) => Object.keys(PLACES).some((k) => n.toLowerCase() === k) || n === 'Nowhere')
    expect(names).toEqual(['Brighton', 'London', 'Paris', 'Innsbruck', 'Montreal', 'Nowhere'])
    const byName = new Map(all.profiles.map((p) => [p.name, p]))
    expect(byName.get('Brighton')?.distance).toEqual({ kind: 'under', km: 10 })
    expect(byName.get('London')?.distance).toEqual({ kind: 'about', km: 80 })
    expect(byName.get('Paris')?.distance?.kind).toBe('about')
    expect(byName.get('Nowhere')?.distance).toBeNull()
    // No answer carries more than the band: no coordinates, no cell.
    expect(JSON.stringify(all)).not.toMatch(/"(lat|lon|lng|geo\w*|cell\w*)":/i)

    const near = await search(me.cookie, '&distance=100')
    expect(near.profiles.map((p) => p.name)).toContain('London')
    expect(near.profiles.map((p) => p.name)).not.toContain('Paris')
    expect(near.total).toBe(near.profiles.length)
    // Totals within a distance come from the cells' counts, whole years and partial ones alike.
    const aged = await search(me.cookie, '&distance=250&min_age=25&max_age=40')
    expect(aged.total).toBe(aged.profiles.length)
    expect(aged.profiles.map((p) => p.name)).toEqual(expect.arrayContaining(['Brighton', 'London']))
    const bad = await t.app.inject({
      url: '/api/members.php?distance=7',
      headers: { cookie: me.cookie, host: 'localhost:3000', 'accept-language': 'fr' },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('the swipe game and the match finder show a member with a place the nearest first (issue 56)', async () => {
    const me = await searcher('GB', 'Brighton')
    const ours = (names: string[]) => names.filter((n) => ['Brighton', 'London', 'Nowhere'].includes(n))
    const get = async (url: string) => {
      const res = await t.app.inject({ url, headers: { cookie: me.cookie, host: 'localhost:3000' } })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().profiles.map((p: { name: string }) => p.name) as string[]
    }
    // London was active more recently than Brighton: by recency it would come first.
    expect(ours(await get('/api/swipe.php'))).toEqual(['Brighton', 'London', 'Nowhere'])
    // Each card says how far, in the bands search uses, and nothing finer.
    const deck = await t.app.inject({
      url: '/api/swipe.php',
      headers: { cookie: me.cookie, host: 'localhost:3000' },
    })
    const byName = new Map(deck.json().profiles.map((p: { name: string }) => [p.name, p]))
    expect(byName.get('Brighton')).toMatchObject({ distance: { kind: 'under', km: 10 } })
    expect(byName.get('London')).toMatchObject({ distance: { kind: 'about', km: 80 } })
    expect(byName.get('Nowhere')).toMatchObject({ distance: null })
    expect(deck.body).not.toMatch(/"(lat|lon|lng|geo\w*|cell\w*)":/i)
    expect(ours(await get('/api/match-finder.php?gender=female'))).toEqual(['Brighton', 'London', 'Nowhere'])
  })

  it('a visitor sees the most recently active first, with no distance', async () => {
    const res = await t.app.inject({
      url: '/api/members.php?gender=female',
      headers: { host: 'localhost:3000' },
    })
    const page = MemberSearchResponse.parse(res.json())
    const names = page.profiles.map((p) => p.name)
    expect(names.indexOf('Montreal')).toBeLessThan(names.indexOf('Brighton'))
    expect(page.profiles.every((p) => p.distance === undefined)).toBe(true)
  })

  it('three searches from three places cannot place a member more precisely than their grid cell', async () => {
    // Two members at different points of one cell, and a third just outside it.
    const cell = cellFromKey(cellKey(cellOf(51.5074, -0.1278)))
    const middle = cellCenter(cell)
    // Two opposite corners of the cell, about 7 km apart.
    const inside = [
      { lat: middle.lat - 0.024, lon: middle.lon - 0.038 },
      { lat: middle.lat + 0.024, lon: middle.lon + 0.038 },
    ].filter((p) => cellKey(cellOf(p.lat, p.lon)) === cellKey(cell))
    expect(inside).toHaveLength(2)
    expect(kmBetween(cellOf(inside[0].lat, inside[0].lon), cellOf(inside[1].lat, inside[1].lon))).toBe(0)
    const db = t.database.db
    await buildMember(db, { name: 'TwinA', country: 'GB', at: inside[0] })
    await buildMember(db, { name: 'TwinB', country: 'GB', at: inside[1] })
    // Three searchers around them, each searching at every distance.
    const observers = [
      await searcher('GB', 'Brighton'),
      await searcher('GB', 'Reading'),
      await searcher('GB', 'Cambridge'),
    ]
    for (const observer of observers) {
      for (const distance of ['', '&distance=10', '&distance=25', '&distance=50', '&distance=100']) {
        const page = await search(observer.cookie, distance)
        const a = page.profiles.find((p) => p.name === 'TwinA')
        const b = page.profiles.find((p) => p.name === 'TwinB')
        // The two are told apart by nothing but their names: same band, both in or both out.
        expect(Boolean(a)).toBe(Boolean(b))
        expect(a?.distance).toEqual(b?.distance)
      }
    }
    // And a cell is coarse: at least 5 km across.
    const next = { row: cell.row + 1, col: cell.col }
    expect(kmBetween(cell, next)).toBeGreaterThanOrEqual(5)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const geocode = (query: string) => t.app.inject({ url: `/api/geocode.php?${query}` })

describe('GET /api/geocode.php', () => {
  it.each([
    ['lat=52.3731&lon=4.8922', 'Amsterdam', 'NL', 'Noord-Holland'],
    ['lat=48.8566&lon=2.3522', 'Paris', 'FR', 'Île-de-France'],
    ['lat=50.8467&lon=4.3525', 'Brussels', 'BE', 'Bruxelles-Capitale / Brussel'],
    ['lat=51.2194&lon=4.4025', 'Antwerp', 'BE', 'Antwerpen'],
    ['lat=46.9480&lon=7.4474', 'Bern', 'CH', 'Bern / Berne'],
    ['lat=53.3498&lon=-6.2603', 'Dublin', 'IE', 'Leinster'],
  ])('%s is near %s (%s, %s)', async (query, city, country, region) => {
    const res = await geocode(query)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ country, region })
    expect(body.city).toContain(city)
    expect(body.region_id).toEqual(expect.any(Number))
  })

  // spec: CALL-6
  it('answers false in the middle of the sea and outside the served countries', async () => {
    expect((await geocode('lat=45.0&lon=-30.0')).json()).toBe(false)
    expect((await geocode('lat=40.7128&lon=-74.0060')).json()).toBe(false)
  })

  it('refuses coordinates that are not coordinates', async () => {
    expect((await geocode('lat=91&lon=0')).statusCode).toBe(400)
    expect((await geocode('lat=abc&lon=1')).statusCode).toBe(400)
  })
})

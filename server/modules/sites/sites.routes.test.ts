import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CompanyInfo, InterestsResponse, RegionsResponse, SettingsResponse } from '#common/schemas/sites.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/settings.php', () => {
  // spec: DATA-11
  it('answers the default site for an unknown host, with every Settings field', async () => {
    const res = await t.app.inject({ url: '/api/settings.php', headers: { host: 'localhost:3000' } })
    expect(res.statusCode).toBe(200)
    const settings = SettingsResponse.parse(res.json())
    expect(settings.domain).toBe('lunadate.com')
    expect(settings.countries).toEqual(expect.arrayContaining(['NL', 'BE', 'FR', 'DE', 'GB']))
    expect(settings.geoip_country).toBeNull()
    // A VAPID public key is an uncompressed P-256 point: 65 bytes.
    expect(Buffer.from(settings.push_public_key, 'base64url')).toHaveLength(65)
  })

  // spec: CALL-10
  it('takes the domain from the Host header, and a forced domain from the query', async () => {
    const byHost = await t.app.inject({
      url: '/api/settings.php',
      headers: { host: 'www.rendezvous-secret.fr' },
    })
    expect(byHost.json().name).toBe('Rendez-vous Secret')
    const forced = await t.app.inject({
      url: '/api/settings.php?domain=rendezvous-secret.fr&network=abc&sub1=x',
      headers: { host: 'localhost' },
    })
    expect(forced.json().domain).toBe('rendezvous-secret.fr')
    expect(forced.json().domain_language).toBe('fr')
  })

  it("answers texts in the visitor's language; a French site defaults to French", async () => {
    const en = await t.app.inject({ url: '/api/settings.php', headers: { host: 'localhost' } })
    const fr = await t.app.inject({
      url: '/api/settings.php',
      headers: { host: 'localhost', cookie: 'i18n_redirected=fr' },
    })
    expect(en.json().fictional_singular).toBe('fictional profile')
    expect(fr.json().fictional_singular).toBe('profil fictif')
    const frenchSite = await t.app.inject({
      url: '/api/settings.php',
      headers: { host: 'rendezvous-secret.fr', 'accept-language': 'de-DE' },
    })
    expect(frenchSite.json().index_title).toMatch(/rencontres/)
  })

  it('reports the detected and the selected country', async () => {
    const res = await t.app.inject({
      url: '/api/settings.php',
      headers: { host: 'localhost', 'cf-ipcountry': 'be', cookie: 'selected_country=NL' },
    })
    expect(res.json()).toMatchObject({ geoip_country: 'BE', geoip_selected_country: 'NL' })
  })

  it('keeps the same push key across calls', async () => {
    const a = await t.app.inject({ url: '/api/settings.php' })
    const b = await t.app.inject({ url: '/api/settings.php' })
    expect(a.json().push_public_key).toBe(b.json().push_public_key)
  })
})

describe('GET /api/companyinfo.php', () => {
  // spec: DATA-12
  it("answers the site's company with every Company info field", async () => {
    const res = await t.app.inject({ url: '/api/companyinfo.php' })
    expect(res.statusCode).toBe(200)
    const company = CompanyInfo.parse(res.json())
    expect(company.name).toBe('Luna Media B.V.')
    expect(company.country).toBe('NL')
    expect(res.headers['cache-control']).toContain('max-age')
  })
})

describe('GET /api/interests.php', () => {
  it('names the interests in the visitor’s language', async () => {
    const en = InterestsResponse.parse((await t.app.inject({ url: '/api/interests.php' })).json())
    const fr = InterestsResponse.parse(
      (
        await t.app.inject({ url: '/api/interests.php', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } })
      ).json(),
    )
    expect(en.interests.length).toBeGreaterThanOrEqual(20)
    expect(en.interests.find((i) => i.key === 'travel')?.name).toBe('Travel')
    expect(fr.interests.find((i) => i.key === 'travel')?.name).toBe('Voyages')
    expect(fr.interests.map((i) => i.id)).toEqual(en.interests.map((i) => i.id))
  })
})

describe('GET /api/regions.php', () => {
  it('lists the regions of a country', async () => {
    const res = await t.app.inject({ url: '/api/regions.php?country=NL' })
    expect(res.statusCode).toBe(200)
    const { regions } = RegionsResponse.parse(res.json())
    expect(regions).toHaveLength(12)
    expect(regions.map((r) => r.name)).toContain('Noord-Holland')
    expect(regions.every((r) => r.country === 'NL')).toBe(true)
  })

  it('accepts a lower-case country code', async () => {
    const res = await t.app.inject({ url: '/api/regions.php?country=be' })
    expect(res.json().regions).toHaveLength(11)
  })

  it('refuses a missing or malformed country with a clear error', async () => {
    const missing = await t.app.inject({ url: '/api/regions.php' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.code).toBe('validation.failed')
    const bad = await t.app.inject({
      url: '/api/regions.php?country=Netherlands',
      headers: { cookie: 'i18n_redirected=fr' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.message).toBe('Certaines informations saisies ne sont pas valides.')
  })

  it('answers 404 for a country without regions', async () => {
    const res = await t.app.inject({ url: '/api/regions.php?country=ZZ' })
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toEqual({
      code: 'regions.unknown_country',
      message: 'We have no regions for this country.',
    })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_PAGES } from '#common/content-pages.ts'
import { LANDERS } from '#common/landers.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('search engines', () => {
  it('may read the public pages and the landers, listed in the sitemap of the site’s own address', async () => {
    const robots = await t.app.inject({ url: '/robots.txt' })
    expect(robots.headers['content-type']).toMatch(/^text\/plain/)
    const origin = t.app.services.sites.origin(t.app.services.sites.list()[0])
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`)
    for (const closed of ['/admin', '/api/', '/chats', '/credits', '/profile']) {
      expect(robots.body).toContain(`Disallow: ${closed}\n`)
    }
    expect(robots.body).not.toMatch(/Disallow: \/(pricing|pages|landers)/)

    const sitemap = await t.app.inject({ url: '/sitemap.xml' })
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/)
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toContain(`${origin}/`)
    expect(locs).toContain(`${origin}/pricing`)
    for (const page of CONTENT_PAGES) expect(locs).toContain(`${origin}/pages/${page}`)
    for (const lander of LANDERS) {
      expect(locs).toContain(`${origin}/landers/${lander}/eng`)
      expect(locs).toContain(`${origin}/landers/${lander}/fra`)
    }
    // No member is ever listed.
    expect(locs.filter((loc) => loc.includes('/members'))).toEqual([])
  })

  it('keeps every member page out of the index, whoever links to it', async () => {
    for (const url of ['/members', '/members/1', '/members/1/landing', '/likes', '/chats/3']) {
      const res = await t.app.inject({ url })
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow')
    }
    expect((await t.app.inject({ url: '/pricing' })).headers['x-robots-tag']).toBeUndefined()
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const clock = new Date('2031-05-06T07:08:09Z')
let t: TestApp
let admin: TestStaff
let support: TestStaff

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
  admin = await staffMember(t.app, 'admin', () => clock)
  support = await staffMember(t.app, 'support', () => clock)
})
afterAll(() => t.close())

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object, who = admin) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { cookie: who.cookie, 'x-forwarded-for': remote(), 'accept-language': 'fr' },
  })

describe('content pages in the console', () => {
  it('lists every page in both languages with the terms date, bundled until a site writes its own', async () => {
    const res = await call('GET', '/api/admin/content-pages.php?site=1')
    expect(res.statusCode).toBe(200)
    const { pages, terms_date } = res.json()
    expect(pages).toHaveLength(18)
    expect(pages.every((p: { customized: boolean }) => !p.customized)).toBe(true)
    expect(
      pages.find((p: { name: string; language: string }) => p.name === 'terms' && p.language === 'fr').title,
    ).toMatch(/conditions/i)
    // The later of the base date and the company's added date (spec section 4).
    const added = new Date(t.app.services.sites.list()[0].company.added).getTime()
    expect(Date.parse(terms_date)).toBe(Math.max(added, Date.parse('2023-12-01T12:00:00Z')))
  })

  it('a site’s own text shows at once, with its placeholders filled, HTML shown as text and unsafe links dropped; audited; back to the bundled text', async () => {
    const site = t.app.services.sites.list()[0]
    const markdown =
      '# Our terms\n\nRun by {company_name}. <script>alert(1)</script> [Click](javascript:alert(1)) [Help](/faq)'
    const saved = await call('PUT', '/api/admin/content-page.php', {
      site: site.id,
      name: 'terms',
      language: 'en',
      markdown,
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ customized: true, markdown, updated_at: clock.toISOString() })
    const page = await t.app.services.contentPages.render(site.id, 'terms', 'en')
    expect(page?.title).toBe('Our terms')
    expect(page?.html).toContain(`Run by ${site.company.name}.`)
    expect(page?.html).toContain('&#60;script&#62;')
    expect(page?.html).not.toContain('<script>')
    expect(page?.html).toContain('<a href="#">Click</a>')
    expect(page?.html).toContain('<a href="/faq">Help</a>')
    // The French page and the other site keep the bundled text.
    expect((await t.app.services.contentPages.render(site.id, 'terms', 'fr'))?.title).not.toBe('Our terms')
    expect((await t.app.services.contentPages.render(2, 'terms', 'en'))?.title).not.toBe('Our terms')

    const preview = await call('POST', '/api/admin/content-preview.php', {
      site: site.id,
      language: 'en',
      markdown,
    })
    expect(preview.json().html).toBe(page?.html)

    const reset = await call('DELETE', '/api/admin/content-page.php', {
      site: site.id,
      name: 'terms',
      language: 'en',
    })
    expect(reset.json()).toMatchObject({ customized: false })
    expect(reset.json().markdown).toBe(reset.json().default_markdown)
    const again = await call('DELETE', '/api/admin/content-page.php', {
      site: site.id,
      name: 'terms',
      language: 'en',
    })
    expect(again.statusCode).toBe(409)
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where staff_email = ${admin.email} and action like 'content.%' order by id`,
    )
    expect(audit.map((a) => a.action)).toEqual(['content.save', 'content.reset'])
  })

  it('refuses a page without its title line, in the staff member’s language, and anyone but an admin', async () => {
    const res = await call('PUT', '/api/admin/content-page.php', {
      site: 1,
      name: 'faq',
      language: 'en',
      markdown: 'no title here',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.markdown).toMatch(/première ligne/)
    const unknown = await call('PUT', '/api/admin/content-page.php', {
      site: 1,
      name: 'secrets',
      language: 'en',
      markdown: '# x',
    })
    expect(unknown.statusCode).toBe(400)
    expect((await call('GET', '/api/admin/content-pages.php?site=1', undefined, support)).statusCode).toBe(
      403,
    )
    expect(
      (
        await call(
          'PUT',
          '/api/admin/content-page.php',
          { site: 1, name: 'faq', language: 'en', markdown: '# x' },
          support,
        )
      ).statusCode,
    ).toBe(403)
  })
})

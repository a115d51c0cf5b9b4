import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messageCost } from '#common/message-price.ts'
import { queryRows } from '#server/db/client.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const clock = new Date('2031-05-06T07:08:09Z')
let t: TestApp
let admin: TestStaff
let siteId: number

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
  admin = await staffMember(t.app, 'admin', () => clock)
  siteId = t.app.services.sites.list()[0].id
})
afterAll(() => t.close())

const as = (who: { cookie: string }, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    payload,
    headers: { cookie: who.cookie },
    remoteAddress: remote(),
  })

describe('bundles and discount codes in the console', () => {
  it('changes a bundle’s price and takes one off sale: members see it at once; audited', async () => {
    const member = await activeMember(t.app)
    const offered = async () =>
      (await t.app.inject({ url: '/api/credits.php', headers: { cookie: member.cookie } })).json().packages
    const before = (await offered()).find((p: { credits: number }) => p.credits === 250)
    const saved = await as(admin, 'PUT', '/api/admin/bundles.php', {
      site: siteId,
      credits: 250,
      currency: 'EUR',
      amount: before.amount + 100,
      active: true,
    })
    expect(saved.statusCode).toBe(200)
    expect((await offered()).find((p: { credits: number }) => p.credits === 250).amount).toBe(
      before.amount + 100,
    )
    await as(admin, 'PUT', '/api/admin/bundles.php', {
      site: siteId,
      credits: 250,
      currency: 'EUR',
      amount: before.amount + 100,
      active: false,
    })
    expect((await offered()).map((p: { credits: number }) => p.credits)).not.toContain(250)
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_type = 'bundle' order by id`,
    )
    expect(audit.map((a) => a.action)).toEqual(['bundle.save', 'bundle.save'])
  })

  it('keeps what a message costs in money on the bundles: the settings follow a price change at once', async () => {
    const settings = async () => (await t.app.inject({ url: '/api/settings.php' })).json()
    const bundles = async (country: string) =>
      (await t.app.inject({ url: '/api/credits.php', headers: { 'cf-ipcountry': country } })).json()
    const ruled = async (country: string) => {
      const offer = await bundles(country)
      const s = await settings()
      return messageCost(offer.packages, s.message_credits, offer.currency)
    }
    const before = await settings()
    for (const country of before.countries) {
      const rule = await ruled(country)
      expect(before.minimum_message_costs[country]).toEqual({ costs: rule?.costs, currency: rule?.currency })
    }
    // The 1,000-credit bundle in euros (the best value) at €49.95: a message is €0.50 from it.
    await as(admin, 'PUT', '/api/admin/bundles.php', {
      site: siteId,
      credits: 1000,
      currency: 'EUR',
      amount: 4995,
      active: true,
    })
    const after = await settings()
    expect(after.minimum_message_costs.FR).toEqual({ costs: 50, currency: 'EUR' })
    expect(after.minimum_message_costs.GB).toEqual(before.minimum_message_costs.GB)
    const console = await as(admin, 'GET', `/api/admin/site-settings.php?site=${siteId}`)
    expect(console.json().site.message_costs.FR).toEqual({ costs: 50, highest: 100, currency: 'EUR' })
    // Every other priced kind by the same rule at its own credits: a voice note's 15 (issue 58).
    const kinds = console.json().site.kind_costs
    expect(Object.keys(kinds).sort()).toEqual(['gift', 'photo', 'voice'])
    expect(kinds.voice.FR).toEqual({ costs: 75, highest: 150, currency: 'EUR' })
    await as(admin, 'PUT', '/api/admin/bundles.php', {
      site: siteId,
      credits: 1000,
      currency: 'EUR',
      amount: 5995,
      active: true,
    })
    expect((await settings()).minimum_message_costs.FR).toEqual({ costs: 60, currency: 'EUR' })
  })

  it('makes a code members can use, lists it with its uses, and ends it', async () => {
    const member = await activeMember(t.app)
    const made = await as(admin, 'POST', '/api/admin/codes.php', {
      site: siteId,
      code: 'spring20',
      value_percentage: 20,
      validity: 'once_per_user',
    })
    expect(made.statusCode).toBe(201)
    expect(made.json().codes).toContainEqual(
      expect.objectContaining({ code: 'SPRING20', value_percentage: 20, uses: 0 }),
    )
    const check = () =>
      t.app.inject({ url: '/api/discountcode.php?code=SPRING20', headers: { cookie: member.cookie } })
    expect((await check()).json()).toMatchObject({ code: 'SPRING20', value_percentage: 20 })
    expect(
      (
        await as(admin, 'POST', '/api/admin/codes.php', {
          site: siteId,
          code: 'SPRING20',
          value_percentage: 10,
          validity: 'once',
        })
      ).statusCode,
    ).toBe(409)
    const ended = await as(admin, 'DELETE', '/api/admin/codes.php', { code: 'SPRING20' })
    expect(ended.json().codes).toContainEqual(
      expect.objectContaining({ code: 'SPRING20', status: 'inactive' }),
    )
    expect((await check()).statusCode).toBeGreaterThanOrEqual(400)
  })

  it('is for admins only', async () => {
    const support = await staffMember(t.app, 'support', () => clock)
    expect((await as(support, 'GET', `/api/admin/catalog.php?site=${siteId}`)).statusCode).toBe(403)
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { creditAccount, giveCredits } from '../../../tests/support/credits.ts'
import { remote, staffMember } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// A member's requests are for the member's own site whatever Host header they carry (issue 36,
// point 2): another brand's host name once made a member pay that brand's prices.

let t: TestApp
const OTHER = 'rendezvous-secret.fr'

beforeAll(async () => {
  t = await createTestApp()
  const admin = await staffMember(t.app, 'admin', () => new Date())
  const [other] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from sites where domain = ${OTHER}`,
  )
  // The other brand is made cheap: a member of the first must not pay its prices.
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/site-settings.php',
    payload: { site: other.id, settings: { message_credits: 1, gift_credits: 1, photo_credits: 1 } },
    headers: { cookie: admin.cookie },
    remoteAddress: remote(),
  })
  expect(res.statusCode).toBe(200)
})
afterAll(() => t.close())

describe('the member’s own site', () => {
  it('prices a message and a gift at the member’s site, not at the Host header’s', async () => {
    const from = await activeMember(t.app, { name: 'Hugo' })
    const to = await activeMember(t.app, { name: 'Iris', gender: 'female' })
    await giveCredits(t.database.db, from.user.id, 100)
    const before = (await creditAccount(t.database.db, from.user.id)).credits
    const headers = { cookie: from.cookie, host: OTHER, origin: `https://${OTHER}` }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      payload: { profile: to.user.profile.id, text: 'Hello from the other host', client_id: 'site-text-1' },
      headers,
    })
    expect(text.statusCode).toBe(200)
    const gift = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      payload: { profile: to.user.profile.id, text: '', gift: 'rose', client_id: 'site-gift-1' },
      headers,
    })
    expect(gift.statusCode, gift.body).toBe(200)
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      payload: { conversation: text.json().conversation, text: 'And again', client_id: 'site-text-2' },
      headers,
    })
    expect(second.statusCode).toBe(200)
    // The first site's prices: the opening message free (the free conversations), 30 for the gift,
    // 10 for the next message; the other brand's would be 1 and 1.
    expect((await creditAccount(t.database.db, from.user.id)).credits).toBe(before - 30 - 10)
  })

  it('offers the member’s own site’s bundles and settings, whatever the host', async () => {
    const member = await activeMember(t.app, { name: 'Jules' })
    const own = await t.app.inject({ url: '/api/credits.php', headers: { cookie: member.cookie } })
    const other = await t.app.inject({
      url: '/api/credits.php',
      headers: { cookie: member.cookie, host: OTHER },
    })
    expect(own.statusCode).toBe(200)
    expect(other.json()).toEqual(own.json())
    // A visitor on that host still gets that brand.
    const visitor = await t.app.inject({ url: '/api/settings.php', headers: { host: OTHER } })
    expect(visitor.json().message_credits).toBe(1)
    const asMember = await t.app.inject({
      url: '/api/settings.php',
      headers: { host: OTHER, cookie: member.cookie },
    })
    expect(asMember.json().message_credits).toBe(10)
  })
})

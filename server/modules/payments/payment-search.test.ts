import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sandboxPurchase, testClockAt } from '../../../tests/support/payments.ts'
import { staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const testClock = testClockAt('2031-06-07T08:09:10Z')
let t: TestApp
let support: TestStaff

beforeAll(async () => {
  t = await createTestApp({ clock: testClock.now })
  support = await staffMember(t.app, 'support', testClock.now)
})
afterAll(() => t.close())

/** The console's payment search, as support types it. */
async function search(q: string) {
  const res = await t.app.inject({
    url: `/api/admin/payments.php?${new URLSearchParams({ q })}`,
    headers: { cookie: support.cookie },
  })
  expect(res.statusCode).toBe(200)
  return (res.json().payments as { id: string }[]).map((p) => p.id).sort()
}

describe('the console’s payment search', () => {
  it('finds a member’s payments by their number (account or profile, with or without #) and e-mail address, and one payment by its id or reference', async () => {
    const ada = await activeMember(t.app, { name: 'Ada' })
    const bob = await activeMember(t.app, { name: 'Bob' })
    const first = await sandboxPurchase(t, testClock, ada, { credits: 100 })
    const second = await sandboxPurchase(t, testClock, ada, { credits: 250 })
    const his = await sandboxPurchase(t, testClock, bob, { credits: 100 })
    const hers = [first.payment, second.payment].sort()

    expect(await search(`#${ada.user.id}`)).toEqual(hers)
    expect(await search(String(ada.user.id))).toEqual(hers)
    expect(await search(`#${ada.user.profile.id}`)).toEqual(hers)
    expect(await search(ada.email.toUpperCase())).toEqual(hers)
    expect(await search(bob.email)).toEqual([his.payment])
    expect(await search(second.payment)).toEqual([second.payment])
    expect(await search(his.providerId)).toEqual([his.payment])
    // Nothing matches: an unknown address, a number nobody has, a name (the members page finds those).
    expect(await search('nobody@example.com')).toEqual([])
    expect(await search('#999999999')).toEqual([])
    expect(await search('Ada')).toEqual([])
  })
})

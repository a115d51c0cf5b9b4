import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemberDetail } from '#common/schemas/members.ts'
import { photos } from '#server/db/schema/members.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { sandboxPurchase, testClockAt } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const testClock = testClockAt('2031-05-06T07:08:09Z')
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ clock: testClock.now })
})
afterAll(() => t.close())

describe('Premium', () => {
  // spec: ROLE-3, PROD-3
  it('stays with a member who bought credits once they are all spent: every photo, no welcome bonus', async () => {
    const { profile } = await buildMember(t.database.db, { name: 'Chloé', birthDate: '1990-03-03' })
    for (let i = 0; i < 5; i++) {
      await t.database.db.insert(photos).values({
        profileId: profile.id,
        filename: `test/${profile.id}-${i}.webp`,
        thumbFilename: `test/${profile.id}-${i}-thumb.webp`,
        status: 'active',
        position: i + 1,
      })
    }
    const m = await activeMember(t.app, { name: 'Spender' })
    const call = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: m.cookie } })
    const user = async () => (await call('/api/user.php')).json().user
    expect(
      MemberDetail.parse((await call(`/api/member.php?id=${profile.id}`)).json().profile).photos.gated,
    ).toBe('premium')

    await sandboxPurchase(t, testClock, m, { credits: 100 })
    expect(await user()).toMatchObject({ paid_user: true })
    // Every credit spent on messages to Chloé.
    const first = await call('/api/message.php', 'POST', {
      profile: profile.id,
      text: 'Hello',
      client_id: 'premium-0',
    })
    expect(first.statusCode, first.body).toBe(200)
    const conversation = first.json().conversation
    for (let i = 1; i < 40 && (await user()).credits > 0; i++) {
      const sent = await call('/api/message.php', 'POST', {
        conversation,
        text: `More ${i}`,
        client_id: `premium-${i}`,
      })
      expect(sent.statusCode, sent.body).toBe(200)
    }
    expect(await user()).toMatchObject({ credits: 0, paid_user: true })

    const seen = MemberDetail.parse((await call(`/api/member.php?id=${profile.id}`)).json().profile)
    expect(seen.photos).toMatchObject({ total: 6, gated: null })
    expect(seen.photos.shown).toHaveLength(6)
    const welcome = await call('/api/discountcode.php?welcome=true')
    expect(welcome.json().error?.code).toBe('discount.first_purchase_only')
  })
})

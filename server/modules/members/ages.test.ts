import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildMember } from '../../../tests/support/factories.ts'
import { testClockAt } from '../../../tests/support/payments.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// A member's age is counted by the one injected clock (ADR 13), never the database's own date: on a
// clock years from today the pages say the age she has then, and it turns at her birthday.
const clock = testClockAt('2031-09-08T12:00:00Z')
let t: TestApp
let profileId: number

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now })
  const { profile } = await buildMember(t.database.db, { name: 'Agathe', birthDate: '1990-09-09' })
  profileId = profile.id
})
afterAll(() => t.close())

const ages = async () => ({
  page: (await t.app.inject({ url: `/api/member.php?id=${profileId}` })).json().profile.age,
  card: (await t.app.services.members.getPublicProfile(profileId, ''))?.age,
})

describe('ages', () => {
  it('are counted on the injected clock’s day, on the member page and on a card alike', async () => {
    expect(await ages()).toEqual({ page: 40, card: 40 })
    clock.advance(24 * 3600_000)
    expect(await ages()).toEqual({ page: 41, card: 41 })
  })
})

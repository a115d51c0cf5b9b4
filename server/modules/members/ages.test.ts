import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signupMember } from '../../../tests/support/accounts.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { testClockAt } from '../../../tests/support/payments.ts'
import { remote, staffMember } from '../../../tests/support/staff.ts'
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

describe('coming of age', () => {
  // The clock stands at 2031-09-09 here (advanced above): 18 years after 2013-09-09, a day after 2013-09-10.
  const signup = (dateOfBirth: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      payload: {
        email: `age-${dateOfBirth}@example.com`,
        name: 'Maëlle',
        password: 'amber-lantern-77',
        date_of_birth: dateOfBirth,
        gender: 'female',
      },
      remoteAddress: remote(),
    })

  it('is the injected clock’s day, at sign-up, on a profile and on a fictional profile', async () => {
    const young = await signup('2013-09-10')
    expect(young.statusCode).toBe(400)
    expect(young.json().error.fields.date_of_birth).toBe('Enter your date of birth (18+)')
    expect((await signup('2013-09-09')).statusCode).toBe(201)

    const member = await signupMember(t.app)
    const edit = (date_of_birth: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile.php',
        payload: { date_of_birth },
        headers: { cookie: member.cookie },
      })
    expect((await edit('2013-09-10')).json().error.fields.date_of_birth).toBe(
      'Enter your date of birth (18+)',
    )
    expect((await edit('2013-09-09')).statusCode).toBe(200)

    const operator = await staffMember(t.app, 'operator', clock.now)
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fictional.php',
      payload: { site: 1, name: 'Inès', gender: 'female', date_of_birth: '2013-09-10', country: 'NL' },
      headers: { cookie: operator.cookie },
      remoteAddress: remote(),
    })
    expect(made.json().error.fields.date_of_birth).toBe('Enter your date of birth (18+)')
  })
})

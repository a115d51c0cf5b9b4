// The pages' own forms, posted without scripts, check a date of birth on the same day as the API: the
// app's injected clock (ADR 13, server/lib/request-clock.ts), not the machine's. It needs the build
// (the pages are its server bundle), so it runs with the fault tests, after `npm run build`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testClockAt } from '../support/payments.ts'
import { remote } from '../support/staff.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

// 18 years after 2013-09-09, a day after 2013-09-10: years from the day the test runs.
const clock = testClockAt('2031-09-09T12:00:00Z')
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, pages: true })
})
afterAll(() => t.close())

/** The sign-up page's form, as a browser without scripts posts it. */
const signUpByForm = (dateOfBirth: string) =>
  t.app.inject({
    method: 'POST',
    url: '/signup',
    headers: {
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({
      email: `form-${dateOfBirth}@example.com`,
      name: 'Maëlle',
      password: 'amber-lantern-77',
      password_repeat: 'amber-lantern-77',
      date_of_birth: dateOfBirth,
      gender: 'female',
      seeking: 'men',
    }).toString(),
    remoteAddress: remote(),
  })

describe('the sign-up page without scripts', () => {
  it('takes a woman who is 18 on the injected clock’s day, and refuses one who is 18 tomorrow', async () => {
    const young = await signUpByForm('2013-09-10')
    expect(young.statusCode).toBe(400)
    expect(young.body).toContain('Enter your date of birth (18+)')
    const of_age = await signUpByForm('2013-09-09')
    expect(
      of_age.statusCode,
      of_age.body.match(/invalid-feedback[^<]*>[^<]*|alert[^<]*>[^<]*/g)?.join(' ; '),
    ).toBe(302)
    expect(of_age.headers.location).toBe('/complete-signup')
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signupMember } from '../../../tests/support/accounts.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Names are names (issue 36, point 10): at sign-up and in the profile, in the member's language.

let t: TestApp
let address = 0
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const signup = (name: string, locale: 'en' | 'fr' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    payload: {
      email: `names-${++address}-${process.pid}@example.com`,
      name,
      password: 'amber-lantern-77',
      date_of_birth: '1990-01-01',
      gender: 'female',
    },
    headers: { cookie: `i18n_redirected=${locale}` },
    remoteAddress: `10.62.0.${address}`,
  })

describe('member names', () => {
  it('refuses at sign-up what is no name, each with its reason in the member’s language', async () => {
    const cases: Array<[string, 'en' | 'fr', string]> = [
      [
        'Anna\nBob',
        'en',
        'Your name may hold letters, spaces and the usual signs, but no line breaks or invisible characters.',
      ],
      [
        'Anna\u202Egnp.exe',
        'fr',
        'Votre nom peut contenir des lettres, des espaces et les signes habituels, mais ni retour à la ligne ni caractère invisible.',
      ],
      [
        '\u3164\u3164\u3164',
        'en',
        'Your name may hold letters, spaces and the usual signs, but no line breaks or invisible characters.',
      ],
      ['?!?!', 'fr', 'Votre nom doit contenir des lettres.'],
      ['Support Team', 'en', 'This name is kept for the site and its team. Please choose another one.'],
      ['Admin', 'fr', 'Ce nom est réservé au site et à son équipe. Choisissez-en un autre.'],
    ]
    for (const [name, locale, message] of cases) {
      const res = await signup(name, locale)
      expect(res.statusCode, JSON.stringify(name)).toBe(400)
      expect(res.json().error.fields.name, JSON.stringify(name)).toBe(message)
    }
    // The site's own name, which only the server knows.
    const brand = await signup('Luna Date')
    expect(brand.statusCode).toBe(400)
    expect(brand.json().error.code).toBe('accounts.name_reserved')
    expect((await signup('Zoë-Anne')).statusCode).toBe(201)
  })

  it('refuses look-alike letters of other scripts and the site’s mark, in en and fr (issue 55, point 7)', async () => {
    const cyrillic = await signup('\u0410dmin', 'fr')
    expect(cyrillic.statusCode).toBe(400)
    expect(cyrillic.json().error).toMatchObject({
      code: 'accounts.name_reserved',
      message: 'Ce nom est réservé au site et à son équipe. Choisissez-en un autre.',
    })
    expect((await signup('M\u043Ederator', 'en')).json().error.code).toBe('accounts.name_reserved')
    const mark = await signup('Maaike ✦', 'en')
    expect(mark.statusCode).toBe(400)
    expect(mark.json().error.message).toBe(
      'Your name may not hold ✦: the site uses it to mark fictional profiles.',
    )
    const markFr = await signup('Maaike ✦', 'fr')
    expect(markFr.json().error.message).toBe(
      'Votre nom ne peut pas contenir ✦\u202f: le site s’en sert pour marquer les profils fictifs.',
    )
    const m = await signupMember(t.app)
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      payload: { name: '\u0405upport' },
      headers: { cookie: m.cookie },
    })
    expect(renamed.json().error.code).toBe('profile.name_reserved')
  })

  it('refuses the same in the profile', async () => {
    const m = await signupMember(t.app)
    const rename = (name: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile.php',
        payload: { name },
        headers: { cookie: m.cookie },
      })
    expect((await rename('Moderator')).json().error.fields.name).toBe(
      'This name is kept for the site and its team. Please choose another one.',
    )
    expect((await rename('Ann\u200Be')).statusCode).toBe(400)
    const brand = await rename('LunaDate')
    expect(brand.statusCode).toBe(400)
    expect(brand.json().error.message).toBe(
      'This name is kept for the site and its team. Please choose another one.',
    )
    expect((await rename('Søren')).statusCode).toBe(200)
  })
})

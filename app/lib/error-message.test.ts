import { describe, expect, it } from 'vitest'
import { allStrings } from '#common/i18n/resources.ts'
import { type Strings, translator } from '#common/translate.ts'
import { errorMessage, errorStatus } from './error-message.ts'

const strings = (language: string) => allStrings[language as 'en' | 'fr'] as Strings
const en = translator(strings, 'en')
const fr = translator(strings, 'fr')
/** What a loader's `throw data(...)` or a failed answer becomes in the error boundary. */
const answer = (status: number, body: unknown, statusText = '') => ({
  status,
  statusText,
  internal: false,
  data: body,
})

describe('the error screen', () => {
  // spec: ERR-1, ROUTE-12, ERR-16
  it('says "An error occured, please try again later." for anything unexpected, with status 500', () => {
    const thrown = new Error('database exploded')
    expect(errorStatus(thrown)).toBe(500)
    expect(errorMessage(thrown, en)).toBe('An error occured, please try again later.')
    expect(errorMessage(thrown, fr)).toBe('Une erreur s’est produite, veuillez réessayer plus tard.')
    expect(errorMessage(answer(500, null), en)).toBe('An error occured, please try again later.')
    // A status no HTTP answer has is a 500 too.
    expect(errorStatus(answer(700, 'Odd'))).toBe(500)
  })

  // spec: ROUTE-11, ROUTE-12
  it('shows an answer’s own message, and "This page could not be found" for a 404', () => {
    expect(errorStatus(answer(403, 'You may not see this page.'))).toBe(403)
    expect(errorMessage(answer(403, 'You may not see this page.'), en)).toBe('You may not see this page.')
    expect(errorMessage(answer(409, null, 'Conflict'), en)).toBe('Conflict')
    expect(errorMessage(answer(404, 'anything'), en)).toBe('This page could not be found')
  })

  it('shows the message of the server’s own error answer, not its JSON (a form posted too often)', () => {
    const limited = JSON.stringify({
      error: { code: 'request.rate_limited', message: 'Trop de requêtes, veuillez patienter un instant.' },
    })
    expect(errorStatus(answer(429, limited))).toBe(429)
    expect(errorMessage(answer(429, limited), fr)).toBe('Trop de requêtes, veuillez patienter un instant.')
    expect(errorMessage(answer(400, '{ not json'), en)).toBe('{ not json')
  })
})

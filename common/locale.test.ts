import { describe, expect, it } from 'vitest'
import { browserLocale, chooseLocale, countryFromLanguages, visibleLocales } from './locale.ts'

describe('chooseLocale', () => {
  // spec: STATE-20
  it('prefers the i18n_redirected cookie over everything else', () => {
    expect(chooseLocale({ cookie: 'fr', acceptLanguage: 'en-GB,en;q=0.9', domainLanguage: 'en' })).toBe('fr')
  })

  it('ignores a cookie naming a locale that is not bundled', () => {
    expect(chooseLocale({ cookie: 'de', acceptLanguage: 'fr-BE,fr;q=0.9', domainLanguage: 'en' })).toBe('fr')
  })

  // spec: STATE-20
  it('uses the browser language when there is no cookie', () => {
    expect(chooseLocale({ acceptLanguage: 'nl-NL,fr;q=0.8,en;q=0.5', domainLanguage: 'en' })).toBe('fr')
  })

  // spec: PROD-8, STATE-20
  it("falls back to the site's domain_language, then to en", () => {
    expect(chooseLocale({ acceptLanguage: 'de-DE,de;q=0.9', domainLanguage: 'fr' })).toBe('fr')
    expect(chooseLocale({ acceptLanguage: 'de-DE', domainLanguage: 'de' })).toBe('en')
    expect(chooseLocale({})).toBe('en')
  })
})

describe('browserLocale', () => {
  it('orders by quality, not by position', () => {
    expect(browserLocale('en;q=0.4, fr;q=0.9')).toBe('fr')
  })

  it('skips languages with q=0 and malformed entries', () => {
    expect(browserLocale('fr;q=0, en')).toBe('en')
    expect(browserLocale(';;,')).toBeNull()
  })
})

describe('visibleLocales', () => {
  // spec: ROLE-6
  it("offers the country's bundled locales plus current and browser language", () => {
    expect(
      visibleLocales({ current: 'en', browser: 'en', detectedCountry: 'CA', selectedCountry: null }),
    ).toEqual(['en', 'fr'])
    expect(
      visibleLocales({ current: 'fr', browser: 'fr', detectedCountry: 'FR', selectedCountry: null }),
    ).toEqual(['fr'])
    expect(
      visibleLocales({ current: 'en', browser: null, detectedCountry: 'NL', selectedCountry: null }),
    ).toEqual(['en'])
  })

  // spec: ROLE-6
  it('always shows the current locale and the browser language', () => {
    expect(
      visibleLocales({ current: 'en', browser: 'fr', detectedCountry: 'DE', selectedCountry: 'DE' }),
    ).toEqual(['en', 'fr'])
  })

  // spec: ROLE-6
  it('shows every locale when the selected country differs from the detected one', () => {
    expect(
      visibleLocales({ current: 'en', browser: 'en', detectedCountry: 'GB', selectedCountry: 'NL' }),
    ).toEqual(['en', 'fr'])
  })

  it('shows every locale when no country is known', () => {
    expect(
      visibleLocales({ current: 'en', browser: 'en', detectedCountry: null, selectedCountry: null }),
    ).toEqual(['en', 'fr'])
  })
})

describe('the country of a visitor GeoIP says nothing of', () => {
  const served = ['NL', 'BE', 'FR', 'GB', 'CA']
  it('is a served region of their languages first, by quality', () => {
    expect(countryFromLanguages('fr-BE,fr;q=0.9,en;q=0.8', 'fr', served)).toBe('BE')
    expect(countryFromLanguages('en;q=0.5,fr-CA', 'fr', served)).toBe('CA')
    expect(countryFromLanguages('de-DE,fr-FR;q=0.8', 'fr', served)).toBe('FR')
  })
  it('else the home country of their first language or of the page, else nothing', () => {
    expect(countryFromLanguages('fr', 'fr', served)).toBe('FR')
    expect(countryFromLanguages('en-GB,en;q=0.9', 'en', served)).toBe('GB')
    // English names no country by itself: the site's own default applies.
    expect(countryFromLanguages('en-US,en;q=0.9', 'en', served)).toBeNull()
    expect(countryFromLanguages(undefined, 'fr', served)).toBe('FR')
    expect(countryFromLanguages('es-ES', 'en', ['NL'])).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { browserLocale, chooseLocale, visibleLocales } from './locale.ts'

describe('chooseLocale', () => {
  it('prefers the i18n_redirected cookie over everything else', () => {
    expect(chooseLocale({ cookie: 'fr', acceptLanguage: 'en-GB,en;q=0.9', domainLanguage: 'en' })).toBe('fr')
  })

  it('ignores a cookie naming a locale that is not bundled', () => {
    expect(chooseLocale({ cookie: 'de', acceptLanguage: 'fr-BE,fr;q=0.9', domainLanguage: 'en' })).toBe('fr')
  })

  it('uses the browser language when there is no cookie', () => {
    expect(chooseLocale({ acceptLanguage: 'nl-NL,fr;q=0.8,en;q=0.5', domainLanguage: 'en' })).toBe('fr')
  })

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

  it('always shows the current locale and the browser language', () => {
    expect(
      visibleLocales({ current: 'en', browser: 'fr', detectedCountry: 'DE', selectedCountry: 'DE' }),
    ).toEqual(['en', 'fr'])
  })

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

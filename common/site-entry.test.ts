import { describe, expect, it } from 'vitest'
import { type SiteEntryInput, shouldShowSiteEntryWarning } from './site-entry.ts'

const visitor: SiteEntryInput = {
  loggedIn: false,
  installedApp: false,
  dismissedAt: null,
  enableSiteEntryPopup: 'yes',
  selectedCountry: 'NL',
}

describe('shouldShowSiteEntryWarning', () => {
  // spec: MODAL-1
  it('shows to a logged-out visitor who never dismissed it', () => {
    expect(shouldShowSiteEntryWarning(visitor)).toBe(true)
  })

  // spec: MODAL-1
  it('never shows to members, in the installed app, or after dismissal', () => {
    expect(shouldShowSiteEntryWarning({ ...visitor, loggedIn: true })).toBe(false)
    expect(shouldShowSiteEntryWarning({ ...visitor, installedApp: true })).toBe(false)
    expect(shouldShowSiteEntryWarning({ ...visitor, dismissedAt: '2026-11-01T10:00:00.000Z' })).toBe(false)
  })

  // spec: MODAL-1
  it("is off when the site's enable_site_entry_popup is 'no'", () => {
    expect(shouldShowSiteEntryWarning({ ...visitor, enableSiteEntryPopup: 'no' })).toBe(false)
  })

  // spec: LAYOUT-3, MODAL-1
  it('with a country list (the Chat layout: NL and DE) shows only to those countries', () => {
    const chat = { ...visitor, allowedCountries: ['NL', 'DE'] }
    expect(shouldShowSiteEntryWarning({ ...chat, selectedCountry: 'DE' })).toBe(true)
    expect(shouldShowSiteEntryWarning({ ...chat, selectedCountry: 'FR' })).toBe(false)
    expect(shouldShowSiteEntryWarning({ ...chat, selectedCountry: null })).toBe(false)
  })

  // spec: MODAL-1
  it('an empty list means no restriction', () => {
    expect(shouldShowSiteEntryWarning({ ...visitor, selectedCountry: null, allowedCountries: [] })).toBe(true)
  })
})

/** Inputs of the site-entry warning decision (spec section 2, Modals). */
export interface SiteEntryInput {
  loggedIn: boolean
  installedApp: boolean
  dismissedAt: string | null
  enableSiteEntryPopup: 'yes' | 'no'
  selectedCountry: string | null
  allowedCountries?: readonly string[]
}

/** Whether the site-entry warning is shown to this visitor. */
export function shouldShowSiteEntryWarning(input: SiteEntryInput): boolean {
  if (input.loggedIn || input.installedApp || input.dismissedAt) return false
  if (input.enableSiteEntryPopup === 'no') return false
  if (input.allowedCountries && input.allowedCountries.length > 0) {
    return input.selectedCountry !== null && input.allowedCountries.includes(input.selectedCountry)
  }
  return true
}

import type { RouterContextProvider } from 'react-router'
import { creditPrices, memberBundles } from '#common/credit-value.ts'
import { countryNameTable, dateTimeFormat } from '#common/intl.ts'
import { visibleLocales } from '#common/locale.ts'
import { signupsOpen } from '#common/signup-policy.ts'
import { termsVersionDate } from '#common/terms-date.ts'
import { timeZoneOffset } from '#common/time-zone.ts'
import { getAppContext } from './context.server.ts'

/** Data every page needs: locale, public settings, company and what the shell shows. */
export function loadRoot(context: Readonly<RouterContextProvider>) {
  const app = getAppContext(context)
  // The member's likes and chats are not here: their stores load them (app/routes/member-data).
  return {
    locale: app.locale,
    nonce: app.nonce,
    settings: app.settings,
    company: app.site.company,
    /** The terms' date as the signup form says it (formatted here: common/intl.ts says why). */
    termsDate: dateTimeFormat(app.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      termsVersionDate(app.site.company.added),
    ),
    locales: visibleLocales({
      current: app.locale,
      browser: app.browserLocale,
      detectedCountry: app.geoCountry,
      selectedCountry: app.selectedCountry,
    }),
    selectedCountry: app.selectedCountry ?? app.geoCountry,
    /** The names of the site's countries and the visitor's, in the page's language (app/lib/country-names.ts). */
    countryNames: countryNameTable(
      [
        ...app.site.settings.countries,
        app.selectedCountry ?? app.geoCountry ?? app.site.settings.countries[0],
      ],
      app.locale,
    ),
    user: app.user,
    /** What each paid message costs the member in money, beside its credits (ADR 32). */
    creditPrices: app.user ? creditPrices(app.user.credit_value, app.site.settings, app.locale) : null,
    /** The bundles of the member's currency, smallest first, with their price (the out-of-credits alert). */
    memberBundles: app.user?.credit_value
      ? memberBundles(app.site.bundles, app.user.credit_value.currency, app.locale)
      : null,
    /** getTimezoneOffset() of the member's zone as the site has it, now (app/lib/member.tsx). */
    timeZoneOffset: app.timeZone ? timeZoneOffset(app.timeZone, app.now) : null,
    staging: app.staging,
    /** The site's configured origin, for absolute links (social previews); never the Host header. */
    origin: app.services.sites.origin(app.site),
    signupOpen: signupsOpen(app.site.settings.signups, app.network),
    /** The site-entry warning's dismissal, from its cookie: the server renders the warning itself. */
    siteEntryDismissedAt: app.siteEntryDismissedAt,
  }
}
export type RootData = Awaited<ReturnType<typeof loadRoot>>

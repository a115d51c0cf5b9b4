import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { COUNTRY_COOKIE, LOCALE_COOKIE, type Locale } from '#common/constants.ts'
import { browserLocale, chooseLocale, countryFromLanguages } from '#common/locale.ts'
import type { Site, SitesService } from '#server/modules/sites/sites.service.ts'

declare module 'fastify' {
  interface FastifyRequest {
    site: Site
    locale: Locale
    browserLocale: Locale | null
    geoCountry: string | null
    /** The served country the browser's languages point to (common/locale.ts), or null. */
    languageCountry: string | null
    selectedCountry: string | null
    /** Scheme and host of the site's absolute links: its configured origin, never the Host header. */
    linkOrigin: string
  }
}

const COUNTRY = /^[A-Z]{2}$/

function readCountry(value: unknown): string | null {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : ''
  return COUNTRY.test(code) && code !== 'XX' && code !== 'T1' ? code : null
}

/** Decides per request which site it is for, the visitor's locale and country. */
export const visitorPlugin = fp(
  async (app: FastifyInstance, opts: { sites: SitesService; geoipHeader: string }) => {
    app.decorateRequest('site', null as unknown as Site)
    app.decorateRequest('locale', 'en')
    app.decorateRequest('browserLocale', null)
    app.decorateRequest('geoCountry', null)
    app.decorateRequest('selectedCountry', null)
    app.decorateRequest('languageCountry', null)
    app.decorateRequest('linkOrigin', '')
    app.addHook('onRequest', async (request: FastifyRequest) => {
      request.site = opts.sites.resolve(request.host)
      const acceptLanguage = request.headers['accept-language']
      request.browserLocale = browserLocale(acceptLanguage)
      request.locale = chooseLocale({
        cookie: request.cookies[LOCALE_COOKIE],
        acceptLanguage,
        domainLanguage: request.site.settings.domain_language,
      })
      request.geoCountry = readCountry(request.headers[opts.geoipHeader])
      request.languageCountry = countryFromLanguages(
        acceptLanguage,
        request.locale,
        request.site.settings.countries,
      )
      request.selectedCountry = readCountry(request.cookies[COUNTRY_COOKIE])
      request.linkOrigin = opts.sites.origin(request.site)
    })
  },
  { name: 'visitor', dependencies: ['@fastify/cookie'] },
)

import { generateKeyPairSync } from 'node:crypto'
import type { Locale } from '#common/constants.ts'
import { type MessageCost, messageCostsByCountry, type PricedBundle } from '#common/message-price.ts'
import { regionName } from '#common/region-names.ts'
import {
  CompanyInfo,
  type Interest,
  type LocalizedText,
  type Region,
  type SettingsResponse,
  SiteSettings,
} from '#common/schemas/sites.ts'
import type { Db } from '#server/db/client.ts'
import type { Env } from '#server/env.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  insertSecret,
  selectActiveBundles,
  selectInterests,
  selectRegions,
  selectSecret,
  selectSites,
} from './sites.queries.ts'

export interface Site {
  id: number
  domain: string
  settings: SiteSettings
  company: CompanyInfo
  /**
   * What a chat message costs in money in each country the site serves, from its active bundles
   * (the one rule, common/message-price.ts): the settings' minimum_message_costs are its lowest.
   */
  messageCosts: Record<string, MessageCost>
  /** The bundles it sells now, every currency: what a credit is worth before a purchase (ADR 32). */
  bundles: Array<PricedBundle & { id: number }>
}

/** What the request tells about the visitor, used to answer settings. */
interface VisitorInfo {
  locale: Locale
  geoCountry: string | null
  selectedCountry: string | null
}

export type SitesService = Awaited<ReturnType<typeof createSitesService>>

function localized(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.en
}

/** Strips a port and a leading www. so that www.brand.com and brand.com:3000 find the same site. */
function normalizeHost(host: string | undefined | null): string {
  return (host ?? '')
    .toLowerCase()
    .split(':')[0]
    .replace(/^www\./, '')
}

interface VapidKeys {
  /** The uncompressed P-256 point (0x04 || x || y), base64url: what browsers subscribe with. */
  publicKey: string
  /** The private scalar d, base64url. */
  privateKey: string
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else a pair generated once and kept in the database. */
async function loadVapidKeys(db: Db, env: Env): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) {
      throw new Error(
        'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then generated)',
      )
    }
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
  }
  const stored = await selectSecret(db, 'vapid_keys')
  if (stored) return JSON.parse(stored) as VapidKeys
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const jwk = publicKey.export({ format: 'jwk' })
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x as string, 'base64url'),
    Buffer.from(jwk.y as string, 'base64url'),
  ])
  const privateJwk = privateKey.export({ format: 'jwk' })
  const value = JSON.stringify({ publicKey: point.toString('base64url'), privateKey: privateJwk.d })
  // Two nodes starting at once: the first pair written is the one both use.
  return JSON.parse(await insertSecret(db, 'vapid_keys', value)) as VapidKeys
}

/** Brands, their settings and company, and the reference lists (interests, regions) they share. */
async function loadSites(db: Db): Promise<Site[]> {
  const [rows, bundles] = await Promise.all([selectSites(db), selectActiveBundles(db)])
  if (rows.length === 0) throw new Error('No site configured: reference data is missing')
  return rows.map((row) => {
    const settings = SiteSettings.parse(row.settings)
    const own = bundles.filter((b) => b.siteId === row.id)
    return {
      id: row.id,
      domain: row.domain,
      settings,
      company: CompanyInfo.parse(row.company),
      messageCosts: messageCostsByCountry(settings.countries, own, settings.message_credits),
      bundles: own.map((b) => ({ id: b.id, credits: b.credits, amount: b.amount, currency: b.currency })),
    }
  })
}

export async function createSitesService(db: Db, env: Env) {
  let sites = await loadSites(db)
  let byDomain = new Map(sites.map((site) => [site.domain, site]))
  const vapid = await loadVapidKeys(db, env)
  const pushPublicKey = vapid.publicKey
  const interestRows = await selectInterests(db)
  const regionCache = new Map<string, Region[]>()

  return {
    /** The site for a Host header; unknown hosts get the default (first) site. */
    resolve(host: string | undefined | null): Site {
      return byDomain.get(normalizeHost(host)) ?? sites[0]
    },

    list(): readonly Site[] {
      return sites
    },

    /** The site of a member or a row by its id; the default site for an id no site has (any more). */
    byId(id: number | null | undefined): Site {
      return sites.find((site) => site.id === id) ?? sites[0]
    },

    /**
     * Where a site's absolute links point (mails, the provider's webhook and return addresses,
     * social previews): PUBLIC_URL for the default site where one is set, else the site's own
     * domain over https; never the Host header a request came with.
     */
    origin(site: Site): string {
      if (env.PUBLIC_URL && site.id === sites[0].id) return env.PUBLIC_URL.replace(/\/$/, '')
      return `https://${site.domain}`
    },

    /** The push keys (ADR 19): the public one is in the settings, the private one signs pushes. */
    vapidKeys: (): VapidKeys => vapid,

    /** A server-held secret, generated once (by the first node that needs it) and kept. */
    async keptSecret(name: string, generate: () => string): Promise<string> {
      return (await selectSecret(db, name)) ?? (await insertSecret(db, name, generate()))
    },

    /** Reads the sites again after their rows (or their bundles) changed. */
    async reload(): Promise<void> {
      sites = await loadSites(db)
      byDomain = new Map(sites.map((site) => [site.domain, site]))
    },

    /** Settings as GET /api/settings.php answers them, texts in the visitor's language. */
    settingsFor(site: Site, visitor: VisitorInfo): SettingsResponse {
      const s = site.settings
      return {
        ...s,
        index_title: localized(s.index_title, visitor.locale),
        description: localized(s.description, visitor.locale),
        fictional_warning: localized(s.fictional_warning, visitor.locale),
        fictional_singular: localized(s.fictional_singular, visitor.locale),
        fictional_plural: localized(s.fictional_plural, visitor.locale),
        geoip_country: visitor.geoCountry,
        geoip_selected_country: visitor.selectedCountry ?? visitor.geoCountry,
        push_public_key: pushPublicKey,
        minimum_message_costs: Object.fromEntries(
          Object.entries(site.messageCosts).map(([country, c]) => [
            country,
            { costs: c.costs, currency: c.currency },
          ]),
        ),
      }
    },

    /** The interests catalogue named in the given language. */
    listInterests(locale: Locale): Interest[] {
      return interestRows.map((row) => ({
        id: row.id,
        key: row.key,
        name: locale === 'fr' ? row.nameFr : row.nameEn,
      }))
    },

    /** The regions of a country, named and sorted in the page's language; an unknown country is a 404. */
    async listRegions(country: string, locale: Locale = 'en'): Promise<Region[]> {
      const key = `${country}:${locale}`
      let list = regionCache.get(key)
      if (!list) {
        list = (await selectRegions(db, country))
          .map((r) => ({
            id: r.id,
            country: r.country,
            code: r.code,
            name: regionName(r.code, r.name, locale),
          }))
          .sort((a, b) => a.name.localeCompare(b.name, locale))
        regionCache.set(key, list)
      }
      if (list.length === 0) throw new AppError('regions.unknown_country', 404, { country })
      return list
    },
  }
}

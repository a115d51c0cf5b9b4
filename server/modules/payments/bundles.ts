import { currencyOf } from '#common/money.ts'
import { methodsFor } from '#common/payment-methods.ts'
import type { CreditsResponse } from '#common/schemas/credits.ts'
import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { selectMemberCountry, selectPackage, selectPackages } from './payments.queries.ts'

/** The credit bundles a site offers, by the member's country and currency (spec sections 3 and 9). */
export function createBundles(db: Db) {
  /** The bundles a member of this site and country is offered: in their currency, else in euros. */
  async function bundlesFor(site: Site, country: string | null) {
    let currency = currencyOf(country)
    let rows = await selectPackages(db, site.id, currency)
    if (rows.length === 0) {
      currency = 'EUR'
      rows = await selectPackages(db, site.id, currency)
    }
    return { currency, rows }
  }

  /** A bundle the member may buy: one of their own site, in the currency they are offered. */
  async function offeredBundle(
    member: { userId: number; siteId: number },
    site: Site,
    country: string | null,
    packageId: number,
  ) {
    const bundle = member.siteId === site.id ? await selectPackage(db, site.id, packageId) : null
    if (!bundle || bundle.currency !== (await bundlesFor(site, country)).currency)
      throw new AppError('payments.package_not_found', 404)
    return bundle
  }

  return {
    offeredBundle,

    /** GET /api/credits.php: the site's bundles in the member's currency, the best value marked. */
    async packages(
      site: Site,
      viewer: { userId: number } | null,
      visitorCountry: string | null,
    ): Promise<CreditsResponse> {
      const country = viewer
        ? ((await selectMemberCountry(db, viewer.userId)) ?? visitorCountry)
        : visitorCountry
      const { currency, rows } = await bundlesFor(site, country)
      const best = rows.reduce<(typeof rows)[number] | null>(
        (b, p) => (!b || p.amount / p.credits < b.amount / b.credits ? p : b),
        null,
      )
      return {
        packages: rows.map((p) => ({
          id: p.id,
          credits: p.credits,
          amount: p.amount,
          currency: p.currency,
          best_value: p.id === best?.id,
        })),
        methods: methodsFor(country),
        currency,
      }
    },

    /** The order a discount code is checked against: a bundle of the site, and the method. */
    async orderOf(site: Site, packageId: number, method?: string) {
      const bundle = await selectPackage(db, site.id, packageId)
      if (!bundle) throw new AppError('payments.package_not_found', 404)
      return { amount: bundle.amount, currency: bundle.currency, method }
    },
  }
}

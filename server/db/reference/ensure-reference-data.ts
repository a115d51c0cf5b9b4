import { sql } from 'drizzle-orm'
import { CompanyInfo, SiteSettings } from '#common/schemas/sites.ts'
import type { Db } from '#server/db/client.ts'
import { creditPackages } from '#server/db/schema/payments.ts'
import { interests, regions } from '#server/db/schema/reference.ts'
import { sites } from '#server/db/schema/sites.ts'
import { INTERESTS } from './interests.ts'
import { PACKAGES } from './packages.ts'
import { REGIONS } from './regions.ts'
import { DEFAULT_SITES } from './sites.ts'

/** Inserts the default brands, their credit bundles, interests and regions that are missing; never overwrites edits. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const site of DEFAULT_SITES) {
      await tx
        .insert(sites)
        .values({
          domain: site.settings.domain,
          settings: SiteSettings.parse(site.settings),
          company: CompanyInfo.parse(site.company),
        })
        .onConflictDoNothing({ target: sites.domain })
    }
    const siteRows = await tx.select({ id: sites.id }).from(sites)
    const packageRows = siteRows.flatMap((site) =>
      PACKAGES.flatMap((p, position) =>
        Object.entries(p.prices).map(([currency, amount]) => ({
          siteId: site.id,
          credits: p.credits,
          amount,
          currency,
          position,
        })),
      ),
    )
    await tx.insert(creditPackages).values(packageRows).onConflictDoNothing()
    await tx
      .insert(interests)
      .values(INTERESTS.map(([key, nameEn, nameFr], position) => ({ key, nameEn, nameFr, position })))
      .onConflictDoNothing({ target: interests.key })
    const regionRows = Object.entries(REGIONS).flatMap(([country, list]) =>
      list.map(([code, name]) => ({ country, code, name })),
    )
    await tx
      .insert(regions)
      .values(regionRows)
      .onConflictDoUpdate({ target: [regions.country, regions.code], set: { name: sql`excluded.name` } })
  })
}

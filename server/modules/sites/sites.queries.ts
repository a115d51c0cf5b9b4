import { asc, eq } from 'drizzle-orm'
import type { CompanyInfo, SiteSettings } from '#common/schemas/sites.ts'
import type { Executor } from '#server/db/client.ts'
import { creditPackages } from '#server/db/schema/payments.ts'
import { interests, regions } from '#server/db/schema/reference.ts'
import { appSecrets, sites } from '#server/db/schema/sites.ts'

export function selectSites(db: Executor) {
  return db.select().from(sites).orderBy(asc(sites.id))
}

/** Every site's bundles on sale, for what a message costs in money. */
export function selectActiveBundles(db: Executor) {
  return db
    .select({
      id: creditPackages.id,
      siteId: creditPackages.siteId,
      credits: creditPackages.credits,
      amount: creditPackages.amount,
      currency: creditPackages.currency,
    })
    .from(creditPackages)
    .where(eq(creditPackages.active, true))
}

export async function selectSecret(db: Executor, name: string): Promise<string | null> {
  const rows = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name))
  return rows[0]?.value ?? null
}

/** Inserts a secret unless another node already did; the stored one wins. */
export async function insertSecret(db: Executor, name: string, value: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing()
  return (await selectSecret(db, name)) ?? value
}

export function selectInterests(db: Executor) {
  return db.select().from(interests).orderBy(asc(interests.position), asc(interests.id))
}

export function selectRegions(db: Executor, country: string) {
  return db.select().from(regions).where(eq(regions.country, country)).orderBy(asc(regions.name))
}

export function lockSite(db: Executor, id: number) {
  return db
    .select()
    .from(sites)
    .where(eq(sites.id, id))
    .for('update')
    .then((rows) => rows[0] ?? null)
}

export async function updateSite(
  db: Executor,
  id: number,
  values: { settings: SiteSettings; company: CompanyInfo },
) {
  await db.update(sites).set(values).where(eq(sites.id, id))
}

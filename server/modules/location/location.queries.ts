import { and, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client.ts'
import { regions } from '#server/db/schema/reference.ts'

export function selectRegionsByCode(db: Executor, country: string, code: string) {
  return db
    .select({ id: regions.id, name: regions.name })
    .from(regions)
    .where(and(eq(regions.country, country), eq(regions.code, code)))
}

import { and, desc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { BundleInput, DiscountCodeInput } from '#common/schemas/credits.ts'
import { type Db, isUniqueViolation } from '#server/db/client.ts'
import { creditPackages, discountCodes, discountRedemptions } from '#server/db/schema/payments.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { type EventBus, SERVER_NODES } from '#server/lib/events.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'

export type CatalogService = ReturnType<typeof createCatalogService>

/**
 * What a site sells (issue 16, point 3): its credit bundles and their prices per currency, and its
 * discount codes with their uses. Admins change them in the console; members see a change at their
 * next look (bundles and codes are read from the database every time); every change is audited.
 */
export function createCatalogService(db: Db, deps: { now: Clock; sites: SitesService; events: EventBus }) {
  const site = (id: number) => {
    if (!deps.sites.list().some((s) => s.id === id)) throw new AppError('sites.not_found', 404)
    return id
  }

  return {
    async list(siteId: number) {
      site(siteId)
      const [bundles, codes] = await Promise.all([
        db
          .select()
          .from(creditPackages)
          .where(eq(creditPackages.siteId, siteId))
          .orderBy(creditPackages.currency, creditPackages.credits),
        db
          .select({
            code: discountCodes,
            uses: sql<number>`(select count(*)::int from ${discountRedemptions} r where r.code = ${discountCodes.code} and r.status = 'used')`,
          })
          .from(discountCodes)
          .where(and(eq(discountCodes.siteId, siteId), sql`${discountCodes.userId} is null`))
          .orderBy(desc(discountCodes.createdAt))
          .limit(200),
      ])
      return {
        bundles: bundles.map((b) => ({
          id: b.id,
          credits: b.credits,
          amount: b.amount,
          currency: b.currency,
          active: b.active,
        })),
        codes: codes.map(({ code: c, uses }) => ({
          code: c.code,
          value_percentage: c.valuePercentage,
          validity: c.validity,
          status: c.status,
          expires: c.expires?.toISOString() ?? null,
          currency: c.currency,
          minimum_order_value: c.minimumOrderValue,
          country: c.country,
          uses: Number(uses),
        })),
      }
    },

    /** Sets a bundle's price in a currency (making it if new), or takes it off sale. */
    async saveBundle(input: z.infer<typeof BundleInput>, actor: Actor) {
      site(input.site)
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(creditPackages)
          .where(
            and(
              eq(creditPackages.siteId, input.site),
              eq(creditPackages.currency, input.currency),
              eq(creditPackages.credits, input.credits),
            ),
          )
          .for('update')
        const [saved] = await tx
          .insert(creditPackages)
          .values({
            siteId: input.site,
            credits: input.credits,
            currency: input.currency,
            amount: input.amount,
            active: input.active,
          })
          .onConflictDoUpdate({
            target: [creditPackages.siteId, creditPackages.currency, creditPackages.credits],
            set: { amount: input.amount, active: input.active },
          })
          .returning({ id: creditPackages.id })
        await recordAudit(tx, actor, deps.now(), {
          action: 'bundle.save',
          target: { type: 'bundle', id: saved.id },
          before: before ? { amount: before.amount, active: before.active } : null,
          after: {
            credits: input.credits,
            currency: input.currency,
            amount: input.amount,
            active: input.active,
          },
        })
      })
      // What a message costs in money follows the bundles: every node reads its sites again.
      await deps.sites.reload()
      deps.events.emit({ type: 'sites.changed', userId: SERVER_NODES })
      return this.list(input.site)
    },

    /** A discount code of the site for anyone (personal codes are the system's). */
    async createCode(input: z.infer<typeof DiscountCodeInput>, actor: Actor) {
      site(input.site)
      try {
        await db.transaction(async (tx) => {
          await tx.insert(discountCodes).values({
            code: input.code,
            siteId: input.site,
            valuePercentage: input.value_percentage,
            validity: input.validity,
            expires: input.expires ? new Date(input.expires) : null,
            country: input.country ?? null,
            createdAt: deps.now(),
          })
          await recordAudit(tx, actor, deps.now(), {
            action: 'code.create',
            target: { type: 'code', id: input.code },
            after: { ...input },
          })
        })
      } catch (error) {
        if (isUniqueViolation(error, 'discount_codes_pkey')) throw new AppError('codes.exists', 409)
        throw error
      }
      return this.list(input.site)
    },

    /** Ends a code now: it is no longer accepted. */
    async expireCode(code: string, actor: Actor) {
      const at = deps.now()
      const siteId = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code)).for('update')
        if (!row?.siteId) throw new AppError('codes.not_found', 404)
        await tx
          .update(discountCodes)
          .set({ status: 'inactive', expires: at })
          .where(eq(discountCodes.code, code))
        await recordAudit(tx, actor, at, {
          action: 'code.expire',
          target: { type: 'code', id: code },
          before: { status: row.status, expires: row.expires?.toISOString() ?? null },
          after: { status: 'inactive', expires: at.toISOString() },
        })
        return row.siteId
      })
      return this.list(siteId)
    },
  }
}

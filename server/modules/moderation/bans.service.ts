import { desc, eq, sql } from 'drizzle-orm'
import type { BanKind } from '#common/moderation.ts'
import type { BanInput } from '#common/schemas/moderation.ts'
import { type Db, isUniqueViolation, queryRows } from '#server/db/client.ts'
import { bans } from '#server/db/schema/moderation.ts'
import { staff } from '#server/db/schema/staff.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export type BansService = ReturnType<typeof createBansService>

/**
 * Sign-up bans (ADR 16): an address, a mail domain or an address range, on one site or all. The
 * accounts module refuses sign-ups they cover (signup-screening.ts); every change is audited.
 */
export function createBansService(db: Db, deps: { now: Clock; sites: SitesService }) {
  const siteName = (id: number | null) =>
    id === null ? null : (deps.sites.list().find((s) => s.id === id)?.settings.name ?? String(id))

  /** The value as it is stored: an address or domain as typed; a range as PostgreSQL writes it. */
  async function canonical(kind: BanKind, value: string): Promise<string> {
    if (kind === 'email' && EMAIL.test(value)) return value
    if (kind === 'domain' && DOMAIN.test(value)) return value
    if (kind === 'ip' && /^[0-9a-f:.]+(\/\d{1,3})?$/.test(value)) {
      // The network of whatever address was typed (10.1.2.3/8 is 10.0.0.0/8).
      const [row] = await queryRows<{ cidr: string }>(
        db,
        sql`select network(${value}::inet)::text as cidr`,
      ).catch(() => [])
      if (row) return row.cidr
    }
    throw new AppError('moderation.ban_invalid', 400)
  }

  return {
    async list() {
      const rows = await db
        .select({ ban: bans, by: staff.email })
        .from(bans)
        .leftJoin(staff, eq(staff.id, bans.createdBy))
        .orderBy(desc(bans.id))
        .limit(500)
      return {
        bans: rows.map(({ ban, by }) => ({
          id: ban.id,
          kind: ban.kind as BanKind,
          value: ban.value,
          reason: ban.reason,
          site: siteName(ban.siteId),
          created_by: by,
          created_at: ban.createdAt.toISOString(),
        })),
      }
    },

    async add(input: BanInput, actor: Actor) {
      const value = await canonical(input.kind, input.value)
      if (input.site !== undefined && !deps.sites.list().some((s) => s.id === input.site))
        throw new AppError('moderation.ban_invalid', 400)
      const at = deps.now()
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(bans)
            .values({
              kind: input.kind,
              value,
              reason: input.reason,
              siteId: input.site ?? null,
              createdBy: actor.staffId,
              createdAt: at,
            })
            .returning()
          await recordAudit(tx, actor, at, {
            action: 'ban.add',
            target: { type: 'ban', id: created.id },
            reason: input.reason,
            after: { kind: input.kind, value, site: input.site ?? null },
          })
          return created
        })
        return {
          ban: {
            id: row.id,
            kind: input.kind,
            value,
            reason: row.reason,
            site: siteName(row.siteId),
            created_by: actor.email,
            created_at: row.createdAt.toISOString(),
          },
        }
      } catch (error) {
        if (isUniqueViolation(error, 'bans_kind_value')) throw new AppError('moderation.ban_exists', 409)
        throw error
      }
    },

    async remove(id: number, actor: Actor) {
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(bans).where(eq(bans.id, id)).returning()
        if (!removed) throw new AppError('moderation.ban_not_found', 404)
        await recordAudit(tx, actor, deps.now(), {
          action: 'ban.remove',
          target: { type: 'ban', id },
          before: { kind: removed.kind, value: removed.value, site: removed.siteId, reason: removed.reason },
        })
      })
    },
  }
}

import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { AuditAction } from '#common/audit-actions.ts'
import type { AuditEntry } from '#common/schemas/staff.ts'
import type { Db, Executor } from '#server/db/client.ts'
import { auditLog } from '#server/db/schema/staff.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'

const PAGE = 50

/** Who acted: a staff member, or the command line. */
export interface Actor {
  staffId: number | null
  email: string
  role: string
  ip: string | null
}

/** The staff member behind a console call (its preHandler checked the role) as the audit names them. */
export function staffActor(request: FastifyRequest): Actor {
  const staff = request.staff
  if (!staff?.verified) throw new AppError('staff.required', 401)
  return { staffId: staff.staffId, email: staff.email, role: staff.role, ip: request.ip }
}

interface AuditRecord {
  action: AuditAction
  target?: { type: string; id: string | number }
  reason?: string | null
  before?: unknown
  after?: unknown
}

/**
 * Writes one audit row in the caller's transaction: the action and its audit stand or fall together.
 * The table refuses UPDATE and DELETE (migration 0016).
 */
export async function recordAudit(tx: Executor, actor: Actor, at: Date, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor.staffId,
    staffEmail: actor.email,
    role: actor.role,
    action: record.action,
    targetType: record.target?.type ?? null,
    targetId: record.target ? String(record.target.id) : null,
    reason: record.reason ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    ip: actor.ip,
    createdAt: at,
  })
}

export type AuditService = ReturnType<typeof createAuditService>

/** The audit log as the console browses it: newest first, filtered by staff, action or target. */
export function createAuditService(db: Db, deps: { now: Clock }) {
  return {
    record: (tx: Executor, actor: Actor, record: AuditRecord) => recordAudit(tx, actor, deps.now(), record),

    async list(filter: { staff?: string; action?: string; target?: string; before?: number }) {
      const where: SQL[] = []
      if (filter.staff) where.push(eq(auditLog.staffEmail, filter.staff.toLowerCase()))
      if (filter.action)
        where.push(sql`${auditLog.action} like ${`${filter.action.replace(/[%_\\]/g, '\\$&')}%`}`)
      if (filter.target) {
        // The type ends at the first colon; the id keeps its own (an IPv6 address: address:2001:db8::1).
        const colon = filter.target.indexOf(':')
        const type = colon < 0 ? filter.target : filter.target.slice(0, colon)
        const id = colon < 0 ? '' : filter.target.slice(colon + 1)
        where.push(eq(auditLog.targetType, type))
        if (id) where.push(eq(auditLog.targetId, id))
      }
      if (filter.before) where.push(lt(auditLog.id, filter.before))
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(...where))
        .orderBy(desc(auditLog.id))
        .limit(PAGE + 1)
      const entries: AuditEntry[] = rows.slice(0, PAGE).map((r) => ({
        id: r.id,
        staff_email: r.staffEmail,
        role: r.role,
        action: r.action,
        target_type: r.targetType,
        target_id: r.targetId,
        reason: r.reason,
        before: r.before,
        after: r.after,
        ip: r.ip,
        created_at: r.createdAt.toISOString(),
      }))
      return { entries, has_more: rows.length > PAGE }
    },
  }
}

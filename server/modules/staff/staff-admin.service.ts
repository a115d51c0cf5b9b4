import type { z } from 'zod'
import type { StaffAccount, StaffUpdateInput } from '#common/schemas/staff.ts'
import type { StaffRole } from '#common/staff.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { SessionsEnded } from '#server/lib/sessions-ended.ts'
import { newTotpSecret } from '#server/lib/totp.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import { deleteStaffSessionsOf, selectStaffById, selectStaffList, updateStaff } from './staff.queries.ts'
import type { StaffService } from './staff.service.ts'

type Account = z.infer<typeof StaffAccount>

export type StaffAdminService = ReturnType<typeof createStaffAdminService>

/**
 * Admins manage staff (ADR 15): make accounts (the first login enrolls the app), change roles,
 * disable (every session ends at once) or enable, and reset a lost second factor; audited. An admin
 * cannot lock themselves out.
 */
export function createStaffAdminService(
  db: Db,
  deps: { now: Clock; staff: StaffService; sessionsEnded: SessionsEnded },
) {
  const toAccount = (r: Awaited<ReturnType<typeof selectStaffList>>[number]): Account => ({
    id: r.id,
    email: r.email,
    role: r.role,
    status: r.status as 'active' | 'disabled',
    enrolled: r.enrolled !== null,
    created_at: r.createdAt.toISOString(),
  })

  return {
    async list() {
      return { staff: (await selectStaffList(db)).map(toAccount) }
    },

    async create(input: { email: string; role: StaffRole; password: string }, actor: Actor) {
      const created = await deps.staff.create(input, actor)
      const row = (await selectStaffList(db)).find((r) => r.id === created.staff.id)
      if (!row) throw new AppError('staff.not_found', 404)
      return { staff: toAccount(row), otpauth_url: created.otpauthUrl }
    },

    async update(input: z.infer<typeof StaffUpdateInput>, actor: Actor) {
      if (input.staff === actor.staffId) throw new AppError('staff.not_yourself', 409)
      const at = deps.now()
      await db.transaction(async (tx) => {
        const row = await selectStaffById(tx, input.staff)
        if (!row) throw new AppError('staff.not_found', 404)
        const reset = input.reset_second_factor === true
        await updateStaff(tx, row.id, {
          ...(input.role ? { role: input.role } : {}),
          ...(input.status ? { status: input.status } : {}),
          ...(reset
            ? { totpSecret: newTotpSecret(), totpEnrolledAt: null, totpLastStep: 0, recoveryCodes: [] }
            : {}),
        })
        // A disabled account, a new role or a new second factor: every open session ends now.
        await deleteStaffSessionsOf(tx, row.id)
        await recordAudit(tx, actor, at, {
          action: 'staff.update',
          target: { type: 'staff', id: row.id },
          reason: input.reason,
          before: { role: row.role, status: row.status, enrolled: row.totpEnrolledAt !== null },
          after: {
            role: input.role ?? row.role,
            status: input.status ?? row.status,
            enrolled: reset ? false : row.totpEnrolledAt !== null,
          },
        })
      })
      deps.sessionsEnded({ staff: input.staff })
    },
  }
}

import type { CallHandlers } from '#server/lib/api-route.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import type { StaffAdminService } from './staff-admin.service.ts'

/** Admins' management of staff, one handler per call for its route and its console form. */
export const staffAdminHandlers = (s: { staffAdmin: StaffAdminService }) =>
  ({
    createStaff: (body, actor) => s.staffAdmin.create(body, actor),
    updateStaff: async (body, actor) => {
      await s.staffAdmin.update(body, actor)
      return { ok: true as const }
    },
  }) satisfies CallHandlers<Actor>

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { DEVICE_COOKIES } from '#server/lib/device-cookies.ts'
import { AppError } from '#server/lib/errors.ts'
import { FORM_LIMITS } from '#server/lib/form-limits.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import { setDeviceCookie } from '#server/plugins/session.ts'
import { clearStaffCookie, setStaffCookie } from '#server/plugins/staff-session.ts'
import type { StaffService } from './staff.service.ts'
import type { staffAdminHandlers } from './staff-admin.handlers.ts'
import type { StaffAdminService } from './staff-admin.service.ts'

/** The console's login (password, then the second factor), logout, and admins' management of staff. */
export const staffRoutes: FastifyPluginAsyncZod<{
  staff: StaffService
  staffAdmin: StaffAdminService
  secure: boolean
  handlers: ReturnType<typeof staffAdminHandlers>
}> = async (app, { staff, staffAdmin, secure, handlers }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.route({
    ...apiRoute(api.staffLogin),
    config: { rateLimit: FORM_LIMITS.staffLogin },
    handler: async (request, reply) => {
      const result = await staff.login(
        request.body.email,
        request.body.password,
        request.ip,
        request.cookies[DEVICE_COOKIES.staff],
      )
      setStaffCookie(reply, result.token, secure)
      return result.step === 'code'
        ? { step: result.step }
        : { step: result.step, otpauth_url: result.otpauthUrl, qr_svg: result.qrSvg }
    },
  })

  app.route({
    ...apiRoute(api.staffSecondFactor),
    config: { rateLimit: FORM_LIMITS.staffLogin },
    handler: async (request, reply) => {
      const identity = request.staff
      if (!identity) throw new AppError('staff.required', 401)
      if (identity.verified) throw new AppError('staff.already_verified', 409)
      const { device, ...done } = await staff.secondFactor(
        identity,
        request.body.code,
        request.ip,
        request.cookies[DEVICE_COOKIES.staff],
      )
      setDeviceCookie(reply, 'staff', device, secure)
      return done
    },
  })

  app.route({
    ...apiRoute(api.staffLogout),
    handler: async (request, reply) => {
      if (request.staff) await staff.logout(request.staff, request.ip)
      clearStaffCookie(reply, secure)
      return { ok: true as const }
    },
  })

  // Admins manage staff (the call table gives these calls no other role).
  app.route({ ...apiRoute(api.staffList), handler: async () => staffAdmin.list() })
  app.route({
    ...apiRoute(api.createStaff),
    handler: async (request, reply) => {
      reply.code(201)
      return handlers.createStaff(request.body, staffActor(request))
    },
  })
  app.route({
    ...apiRoute(api.updateStaff),
    handler: async (request) => handlers.updateStaff(request.body, staffActor(request)),
  })
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { api } from '#common/api.ts'
import { apiRoute } from '#server/lib/api-route.ts'
import { AppError } from '#server/lib/errors.ts'
import { clearStaffCookie, setStaffCookie } from '#server/plugins/staff-session.ts'
import type { StaffService } from './staff.service.ts'

/** The console's login (password, then the second factor) and logout. */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService; secure: boolean }> = async (
  app,
  { staff, secure },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.route({
    ...apiRoute(api.staffLogin),
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const result = await staff.login(request.body.email, request.body.password, request.ip)
      setStaffCookie(reply, result.token, secure)
      return result.step === 'code'
        ? { step: result.step }
        : { step: result.step, otpauth_url: result.otpauthUrl, qr_svg: result.qrSvg }
    },
  })

  app.route({
    ...apiRoute(api.staffSecondFactor),
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request) => {
      const identity = request.staff
      if (!identity) throw new AppError('staff.required', 401)
      if (identity.verified) throw new AppError('staff.already_verified', 409)
      return staff.secondFactor(identity, request.body.code, request.ip)
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
}

import { z } from 'zod'
import { SUPPORTED_LOCALES } from '../constants.ts'
import { STAFF_ROLES } from '../staff.ts'

export const StaffRoleSchema = z.enum(STAFF_ROLES)

/** The console's language a staff member chooses, and the console page to go back to. */
export const StaffLanguageInput = z.object({
  language: z.enum(SUPPORTED_LOCALES, { error: 'language_invalid' }),
  back: z
    .string()
    .max(2000)
    .regex(/^\/admin(\/|\?|$)/)
    .catch('/admin'),
})

export const StaffLoginInput = z.object({
  email: z.string().trim().toLowerCase().min(1, { error: 'email_invalid' }).max(254),
  password: z.string().min(1, { error: 'password_required' }).max(128),
})

/** After the password: the second factor is asked; an account not enrolled yet enrolls first. */
export const StaffLoginResponse = z.object({
  step: z.enum(['code', 'enroll']),
  /** The authenticator app's enrollment link and its QR code (SVG), when enrolling. */
  otpauth_url: z.string().optional(),
  qr_svg: z.string().optional(),
})

/** A 6-digit code from the app, or one of the recovery codes (xxxx-xxxx). */
export const SecondFactorInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^(\d{6}|[a-z0-9]{4}-[a-z0-9]{4})$/i, { error: 'code_invalid' }),
})

export const StaffMember = z.object({ id: z.number().int(), email: z.string(), role: StaffRoleSchema })
export type StaffMember = z.infer<typeof StaffMember>

export const SecondFactorResponse = z.object({
  staff: StaffMember,
  /** Shown once, at enrollment. */
  recovery_codes: z.array(z.string()).optional(),
})

export const AuditQuery = z.object({
  staff: z.string().trim().max(254).optional(),
  action: z.string().trim().max(100).optional(),
  target: z.string().trim().max(100).optional(),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
})

export const AuditEntry = z.object({
  id: z.number().int(),
  staff_email: z.string(),
  role: z.string(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: z.string(),
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const AuditResponse = z.object({ entries: z.array(AuditEntry), has_more: z.boolean() })

export const StaffAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  role: StaffRoleSchema,
  status: z.enum(['active', 'disabled']),
  /** Whether the authenticator app is set up (false after a reset, until the next login). */
  enrolled: z.boolean(),
  created_at: z.string(),
})
export const StaffListResponse = z.object({ staff: z.array(StaffAccount) })
export const StaffCreateInput = z.object({
  email: z.string().trim().toLowerCase().min(3).max(254),
  role: StaffRoleSchema,
  password: z.string().min(12, { error: 'password_too_short' }).max(128),
})
export const StaffCreated = z.object({ staff: StaffAccount, otpauth_url: z.string() })
/** An admin changes a colleague's role, disables or enables the account, or resets the second factor. */
export const StaffUpdateInput = z.object({
  staff: z.number().int().positive().max(2_147_483_647),
  role: StaffRoleSchema.optional(),
  status: z.enum(['active', 'disabled']).optional(),
  reset_second_factor: z.literal(true).optional(),
  reason: z.string().trim().min(5, { error: 'reason_short' }).max(500),
})

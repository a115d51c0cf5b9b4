import { z } from 'zod'
import { DELETE_REASONS } from '../choices.ts'
import { MIN_AGE, PASSWORD_MIN_LENGTH } from '../constants.ts'
import { nameProblem } from '../member-name.ts'
import { isPushServiceEndpoint } from '../push-services.ts'
import { isTimeZone } from '../time-zone.ts'
import { today } from '../today.ts'

// Messages are i18n keys below `validation.`, so the form and the API say the same thing in the member's language.

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: 'email_invalid' })
  .pipe(z.email({ error: 'email_invalid' }))

export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: 'password_too_short' })
  .max(128, { error: 'password_too_long' })

/** The age in whole years on `today` of someone born on `dateOfBirth` (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number)
  let age = today.getUTCFullYear() - y
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--
  return age
}

/** A date of birth: a real day, making someone MIN_AGE to 110 on the day it is checked (`today()`). */
export const DateOfBirth = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'birthdate_invalid' })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: 'birthdate_invalid',
    },
  )
  .refine(
    (value) => {
      const age = ageOn(value, today())
      return age >= MIN_AGE && age <= 110
    },
    { error: 'birthdate_invalid' },
  )

export const Gender = z.enum(['female', 'male'], { error: 'gender_required' })
export const Sexuality = z.enum(['straight', 'gay', 'bisexual'])

/** The kept tracking values (spec section 5). */
export const Tracking = z.object({
  network: z.string().max(100).optional(),
  ref: z.string().max(200).optional(),
  sub1: z.string().max(200).optional(),
  sub2: z.string().max(200).optional(),
  sub3: z.string().max(200).optional(),
})
export type Tracking = z.infer<typeof Tracking>

/**
 * A member's name as others see it: 2 to 30 characters, letters in it, no control or invisible
 * characters, not the staff's (common/member-name.ts; the site's own name is checked by the server).
 */
export const MemberName = z
  .string()
  .trim()
  .min(2, { error: 'name_too_short' })
  .max(30, { error: 'name_too_long' })
  .superRefine((name, ctx) => {
    const problem = nameProblem(name)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: name })
  })

/** An IANA time zone name the runtime knows (Europe/Paris). */
export const TimeZone = z.string().max(64).refine(isTimeZone, { error: 'time_zone_invalid' })

/** POST /api/signup.php */
export const SignupInput = z
  .object({
    email: Email,
    name: MemberName,
    password: Password,
    date_of_birth: DateOfBirth,
    gender: Gender,
    sexuality: Sexuality.optional(),
    signup_message: z.string().trim().max(500, { error: 'signup_message_too_long' }).optional(),
    /** The browser's time zone: where the member is, for their country's preset (issue 56). */
    time_zone: TimeZone.optional(),
  })
  .extend(Tracking.shape)
  .superRefine((value, ctx) => {
    if (value.name.startsWith('@'))
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'name_starts_with_at' })
    if (value.name.toLowerCase() === value.email.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'name_is_email' })
    }
  })
export type SignupInput = z.infer<typeof SignupInput>

/** The signup form: the API's fields plus the repeated password. */
export const SignupForm = SignupInput.and(z.object({ password_repeat: z.string() })).superRefine(
  (value, ctx) => {
    if (value.password !== value.password_repeat) {
      ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: 'passwords_differ' })
    }
    // Sign-up asks whom the member looks for once, so that the steps after it need not ask again.
    if (!value.sexuality) ctx.addIssue({ code: 'custom', path: ['sexuality'], message: 'seeking_required' })
  },
)

/** POST /api/user.php (login) */
export const LoginInput = z.object({
  email: z.string().trim().toLowerCase().min(1, { error: 'email_invalid' }).max(254),
  password: z.string().min(1, { error: 'password_required' }).max(128),
})
export type LoginInput = z.infer<typeof LoginInput>

/** PUT /api/user.php: the member's language (spec section 7) and their browser's time zone. */
export const UpdateUserInput = z
  .object({ language: z.enum(['en', 'fr']), time_zone: TimeZone })
  .partial()
  .refine((v) => v.language !== undefined || v.time_zone !== undefined, { error: 'nothing_to_update' })

const MainImage = z
  .object({
    filename: z.string(),
    thumb_filename: z.string(),
    status: z.enum(['pending', 'active', 'rejected']),
    /** The picture the match modal shows of the member (spec section 3), with the CDN prefix. */
    match: z.string(),
  })
  .nullable()

/** The member as GET /api/user.php answers it (spec section 3, User). */
export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(['not_confirmed', 'active']),
  credits: z.number().int(),
  paid_user: z.boolean(),
  notifications_disabled: z.array(z.string()),
  language: z.string(),
  fictional_icon: z.string(),
  signup_date: z.string(),
  /**
   * What credits are worth to the member (common/credit-value.ts, ADR 32): `amount` cents of
   * `currency` buy `credits` credits; every price in credits shows its money from it.
   */
  credit_value: z
    .object({ credits: z.number().int(), amount: z.number().int(), currency: z.string() })
    .nullable(),
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    country: z.string(),
    status: z.string(),
    main_image: MainImage,
  }),
})
export type User = z.infer<typeof User>

export const UserResponse = z.object({ user: User.nullable() })

function samePasswords<T extends { password: string; password_repeat: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.password_repeat) {
    ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: 'passwords_differ' })
  }
}

/** POST /api/password-reset.php: ask for a reset link. */
export const PasswordResetRequest = z.object({ email: Email })

/** PUT /api/password-reset.php: the new password with the link's token. */
export const PasswordResetInput = z
  .object({ token: z.string().min(1).max(100), password: Password, password_repeat: z.string() })
  .superRefine(samePasswords)

/** PUT /api/password.php: change the password in the settings. */
export const ChangePasswordInput = z
  .object({
    old_password: z.string().min(1, { error: 'password_required' }).max(128),
    password: Password,
    password_repeat: z.string(),
  })
  .superRefine(samePasswords)

/** POST /api/mail-change.php: ask to change the address; confirmed from the new one. */
export const EmailChangeInput = z.object({
  email: Email,
  password: z.string().min(1, { error: 'password_required' }).max(128),
})

/** A single-use link's token (mail change, restore). */
export const TokenInput = z.object({ token: z.string().min(1).max(100) })

/** DELETE /api/user.php: delete the account (undoable for 14 days). */
export const DeleteAccountInput = z.object({
  reason: z.enum(DELETE_REASONS, { error: 'reason_required' }),
  remarks: z.string().trim().max(1000, { error: 'remarks_too_long' }).optional(),
  password: z.string().min(1, { error: 'password_required' }).max(128),
  /** Refund the unused purchased credits with the deletion (ADR 32); the form offers it ticked. */
  refund: z.boolean().default(true),
})

export const OkResponse = z.object({ ok: z.literal(true) })

/** POST /api/user.php?push=1: a browser's push subscription (PushSubscription.toJSON()). */
export const PushSubscriptionInput = z.object({
  subscription: z.object({
    endpoint: z.url().max(1000).refine(isPushServiceEndpoint, { error: 'push_endpoint_invalid' }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().min(10).max(200), auth: z.string().min(8).max(100) }),
  }),
})
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>

/** POST /api/user.php: `?push=1` saves a push subscription; without it the body logs in. */
export const UserPostQuery = z.object({ push: z.enum(['1']).optional() })
export const UserPostInput = z.union([PushSubscriptionInput, LoginInput])
export const UserPostResponse = z.union([UserResponse, z.object({ subscribed: z.literal(true) })])

/** GET /api/activate.php?token: the link of the activation mail (answers with a redirect). */
export const ActivateQuery = z.object({ token: z.string().max(100).default('') })
export const ActivationSentResponse = z.object({ sent: z.boolean() })

/** A member's request for all their data (GDPR access): prepared by a job, mailed as a link. */
export const DataExportRequested = z.object({ status: z.literal('pending') })
export const DataExportQuery = z.object({ token: z.string().trim().max(128).optional() })

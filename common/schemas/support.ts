import { z } from 'zod'
import { Email } from './accounts.ts'

const Id = z.number().int().positive().max(2_147_483_647)
const Reason = z.string().trim().min(5, { error: 'reason_short' }).max(500)

/** Find a member by id (#42), e-mail address, the start of the name, or a payment's reference. */
export const MemberLookupQuery = z.object({ q: z.string().trim().min(1).max(254) })

export const MemberHit = z.object({
  user_id: z.number().int(),
  profile_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  site: z.string(),
  status: z.string(),
  signup_date: z.string(),
})
export const MemberLookupResponse = z.object({ members: z.array(MemberHit) })

export const MemberFileQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

/**
 * Everything support may see of a member: never a password hash or a card. Sessions, payments, the
 * ledger and the mails are support's (null for a moderator: least privilege, issue 39).
 */
export const MemberFile = z.object({
  account: z.object({
    user_id: z.number().int(),
    email: z.string(),
    site: z.string(),
    status: z.string(),
    language: z.string(),
    credits: z.number().int(),
    paid_user: z.boolean(),
    signup_date: z.string(),
    last_login_at: z.string().nullable(),
    /** When the member was last on the site: a login, or a page open (issue 56, point 6). */
    last_seen_at: z.string().nullable(),
    deleted_at: z.string().nullable(),
    suspended_until: z.string().nullable(),
    /** Payments refused since a chargeback or a returned direct debit (ADR 17). */
    payments_blocked_at: z.string().nullable(),
    notifications_disabled: z.array(z.string()),
  }),
  profile: z.object({
    profile_id: z.number().int(),
    name: z.string(),
    age: z.number().int(),
    country: z.string(),
    status: z.string(),
    hidden: z.boolean(),
    fictional: z.boolean(),
    about: z.string().nullable(),
  }),
  photos: z.array(z.object({ id: z.number().int(), thumb_url: z.string(), status: z.string() })),
  /** The limits the member set on their own spending (ADR 32): support only; null when none. */
  limits: z
    .object({
      monthly_limit: z.number().int().nullable(),
      currency: z.string(),
      pending_limit: z.number().int().nullable(),
      pending_currency: z.string().nullable(),
      pending_from: z.string().nullable(),
      break_until: z.string().nullable(),
      checked_in_at: z.string().nullable(),
    })
    .nullable(),
  sessions: z
    .array(z.object({ id: z.number().int(), created_at: z.string(), expires_at: z.string() }))
    .nullable(),
  payments: z
    .array(
      z.object({
        id: z.string(),
        provider_id: z.string().nullable(),
        status: z.string(),
        amount: z.number().int(),
        currency: z.string(),
        credits: z.number().int(),
        method: z.string(),
        created_at: z.string(),
        /** The member withdrew from it themselves (ADR 32): when. */
        withdrawn_at: z.string().nullable(),
        /** What was paid back of it, in cents (a withdrawal, a refund, a chargeback). */
        refund_amount: z.number().int().nullable(),
      }),
    )
    .nullable(),
  ledger: z
    .array(
      z.object({
        id: z.number().int(),
        delta: z.number().int(),
        balance_after: z.number().int(),
        reason: z.string(),
        reference: z.string().nullable(),
        created_at: z.string(),
      }),
    )
    .nullable(),
  mails: z
    .array(
      z.object({
        id: z.number().int(),
        subject: z.string(),
        created_at: z.string(),
        sent_at: z.string().nullable(),
      }),
    )
    .nullable(),
  /** Reports about the member and by them, newest first (moderators and support). */
  reports: z.array(
    z.object({
      id: z.number().int(),
      /** against: the member is the one reported; by: the member reported someone. */
      role: z.enum(['against', 'by']),
      reason: z.string(),
      status: z.string(),
      outcome: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  /** The moderators' signals about the member, newest first. */
  signals: z.array(
    z.object({ id: z.number().int(), kind: z.string(), created_at: z.string(), reviewed: z.boolean() }),
  ),
  /**
   * The scam score of the last week (ADR 29): how many first messages carried each sign, since
   * when their new conversations wait for a moderator, and the latest of those messages.
   */
  safety: z.object({
    score: z.number().int(),
    /** The score at which new conversations are held. */
    hold_at: z.number().int(),
    reasons: z.object({ money: z.number().int(), pasted: z.number().int(), contact: z.number().int() }),
    held_since: z.string().nullable(),
    messages: z.array(
      z.object({
        conversation: z.number().int(),
        excerpt: z.string(),
        flags: z.array(z.string()),
        created_at: z.string(),
      }),
    ),
  }),
})
export type MemberFile = z.infer<typeof MemberFile>
export const MemberFileResponse = z.object({ member: MemberFile })

export const CreditCorrectionInput = z.object({
  user: Id,
  delta: z
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((d) => d !== 0, { error: 'number_invalid' }),
  reason: Reason,
})
export const CreditCorrectionResponse = z.object({ credits: z.number().int() })

export const SupportActionInput = z.discriminatedUnion('action', [
  z.object({ user: Id, action: z.literal('resend_activation'), reason: Reason }),
  z.object({ user: Id, action: z.literal('change_email'), email: Email, reason: Reason }),
  z.object({ user: Id, action: z.literal('delete'), reason: Reason }),
  z.object({ user: Id, action: z.literal('restore'), reason: Reason }),
  z.object({ user: Id, action: z.literal('export'), reason: Reason }),
  /** Lets a member whose payment the bank took back pay again (ADR 17). */
  z.object({ user: Id, action: z.literal('allow_payments'), reason: Reason }),
])
export type SupportActionInput = z.infer<typeof SupportActionInput>

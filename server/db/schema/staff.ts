import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { StaffRole } from '#common/staff.ts'

/** The people who run the site (ADR 15): separate from members, each with one role. */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<StaffRole>().notNull(),
  /** The TOTP secret (base32); enrolled once a first code from the authenticator app matched it. */
  totpSecret: text('totp_secret').notNull(),
  totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
  /** The last time step a code was accepted for: a code works once. */
  totpLastStep: integer('totp_last_step').notNull().default(0),
  /** SHA-256 hashes of the unused recovery codes. */
  recoveryCodes: text('recovery_codes').array().notNull().default([]),
  /** active | disabled */
  status: text('status').notNull().default('active'),
  /** The console's language this staff member chose (en | fr); null: as the site decides (issue 39). */
  language: text('language'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Staff sessions (cookie `auth.staff`); only a hash of the token is stored. A session is half open
 * until its second factor is given, and ends at `expires_at` or after a spell without requests.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
)

/**
 * Every staff action, written in the action's transaction; append-only (a trigger refuses UPDATE
 * and DELETE). `staff_id` is null for the command line.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id').references(() => staff.id),
    staffEmail: text('staff_email').notNull(),
    role: text('role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_created').on(t.createdAt),
    index('audit_log_staff').on(t.staffId, t.createdAt),
    index('audit_log_target').on(t.targetType, t.targetId, t.createdAt),
  ],
)

import { randomUUID } from 'node:crypto'
import { api } from '#common/api.ts'
import { ACCOUNT_REACTIVATION_DAYS, ACTIVATION_TOKEN_HOURS } from '#common/constants.ts'
import { localeOfLanguage } from '#common/locale.ts'
import type { SupportActionInput } from '#common/schemas/support.ts'
import type { StaffRole } from '#common/staff.ts'
import { type Db, isUniqueViolation } from '#server/db/client.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { SessionsEnded } from '#server/lib/sessions-ended.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import { changeCredits } from '#server/modules/credits/credits.service.ts'
import type { MailService } from '#server/modules/mail/mail.service.ts'
import type { SafetyService } from '#server/modules/safety/safety.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'
import { activationMail, deletionMail } from './account-mails.ts'
import { deleteUserSessions, markDeleted, restoreDeleted, updateUser } from './accounts.queries.ts'
import type { DataExportService } from './data-export.service.ts'
import { issueEmailLink } from './email-links.ts'
import { iso, readMemberFile } from './member-file.ts'
import { lookUpMembers, selectMemberAccount } from './member-support.queries.ts'

export type MemberSupportService = ReturnType<typeof createMemberSupportService>

/**
 * Member support in the console (ADR 16): find a member, read their file (never a password hash or
 * a card), correct credits through the ledger, resend the activation mail, change the e-mail address,
 * delete the account or undo a deletion; each action audited in its own transaction.
 */
export function createMemberSupportService(
  db: Db,
  deps: {
    now: Clock
    sites: SitesService
    mail: MailService
    exports: DataExportService
    sessionsEnded: SessionsEnded
    safety: Pick<SafetyService, 'senderScore' | 'openingsHeld'>
  },
) {
  const siteOf = deps.sites.byId

  async function account(userId: number) {
    const found = await selectMemberAccount(db, userId)
    if (!found) throw new AppError('support.member_not_found', 404)
    return found
  }

  return {
    /** Members matching an id, an address, a payment reference or the start of a name. */
    async lookUp(q: string) {
      const rows = await lookUpMembers(db, q)
      return {
        members: rows.map((r) => ({
          user_id: r.userId,
          profile_id: r.profileId,
          name: r.name,
          email: r.email,
          site: siteOf(r.siteId).settings.name,
          status: r.status,
          signup_date: r.signupDate.toISOString(),
        })),
      }
    },

    /** A member's file (member-file.ts): what the console's member page shows, by the viewer's role. */
    file: (userId: number, viewer: { role: StaffRole }) =>
      readMemberFile(db, { now: deps.now, sites: deps.sites, safety: deps.safety }, userId, viewer),

    /** Corrects a member's credits by a ledger row (never below zero). */
    async correctCredits(input: { user: number; delta: number; reason: string }, actor: Actor) {
      const { user } = await account(input.user)
      const at = deps.now()
      const credits = await db.transaction(async (tx) => {
        const balance = await changeCredits(tx, {
          userId: user.id,
          delta: input.delta,
          reason: 'support',
          reference: `support:${randomUUID()}`,
        })
        await recordAudit(tx, actor, at, {
          action: 'member.credits',
          target: { type: 'member', id: user.id },
          reason: input.reason,
          before: { credits: balance - input.delta },
          after: { credits: balance },
        })
        return balance
      })
      return { credits }
    },

    /** Resends activation, changes the address, deletes or restores an account; audited. */
    async act(input: SupportActionInput, actor: Actor) {
      const { user, profile } = await account(input.user)
      // An export is prepared by its job, for the member's own address.
      if (input.action === 'export')
        return deps.exports.request(user.id, { staff: actor, reason: input.reason })
      const site = siteOf(user.siteId)
      const origin = deps.sites.origin(site)
      const at = deps.now()
      const locale = localeOfLanguage(user.language)
      const audit = (tx: Parameters<typeof recordAudit>[0], before: unknown, after: unknown) =>
        recordAudit(tx, actor, at, {
          action: `member.${input.action}`,
          target: { type: 'member', id: user.id },
          reason: input.reason,
          before,
          after,
        })
      await db.transaction(async (tx) => {
        switch (input.action) {
          case 'resend_activation':
            if (user.status !== 'not_confirmed') throw new AppError('accounts.already_active', 409)
            await issueEmailLink(tx, {
              userId: user.id,
              purpose: 'activation',
              at,
              replace: true,
              validForMs: ACTIVATION_TOKEN_HOURS * 3_600_000,
              mail: (token) =>
                activationMail(
                  { site, locale, to: user.email, name: profile.name },
                  `${origin}${api.activate.path}?token=${token}`,
                ),
            })
            await audit(tx, null, { to: user.email })
            return
          case 'change_email':
            try {
              await updateUser(tx, user.id, { email: input.email })
            } catch (error) {
              if (isUniqueViolation(error, 'users_site_email'))
                throw new AppError('accounts.email_exists', 409)
              throw error
            }
            await audit(tx, { email: user.email }, { email: input.email })
            return
          case 'delete':
            if (user.deletedAt) throw new AppError('support.already_deleted', 409)
            await markDeleted(tx, user.id, 'other', `support: ${input.reason}`, at)
            await deleteUserSessions(tx, user.id)
            await issueEmailLink(tx, {
              userId: user.id,
              purpose: 'restore',
              at,
              validForMs: ACCOUNT_REACTIVATION_DAYS * DAY_MS,
              mail: (token) =>
                deletionMail(
                  { site, locale, to: user.email, name: profile.name },
                  `${origin}/account-deleted?token=${token}`,
                  // Support refunds purchases itself, from the payments page (ADR 32).
                  null,
                ),
            })
            await audit(tx, { deleted_at: null }, { deleted_at: at.toISOString() })
            return
          case 'allow_payments':
            if (!user.paymentsBlockedAt) throw new AppError('support.payments_not_blocked', 409)
            await updateUser(tx, user.id, { paymentsBlockedAt: null })
            await audit(
              tx,
              { payments_blocked_at: iso(user.paymentsBlockedAt) },
              { payments_blocked_at: null },
            )
            return
          case 'restore':
            if (!(await restoreDeleted(tx, user.id, shifted(at, -ACCOUNT_REACTIVATION_DAYS * DAY_MS))))
              throw new AppError('support.not_restorable', 409)
            await audit(tx, { deleted_at: iso(user.deletedAt) }, { deleted_at: null })
            return
        }
      })
      if (input.action === 'delete') deps.sessionsEnded({ member: user.id })
      deps.mail.kick()
    },
  }
}

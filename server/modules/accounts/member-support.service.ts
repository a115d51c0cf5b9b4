import { randomUUID } from 'node:crypto'
import { api } from '#common/api.ts'
import { ACCOUNT_REACTIVATION_DAYS, ACTIVATION_TOKEN_HOURS } from '#common/constants.ts'
import { localeOfLanguage } from '#common/locale.ts'
import { ageOn } from '#common/schemas/accounts.ts'
import type { MemberFile, SupportActionInput } from '#common/schemas/support.ts'
import { type Db, isUniqueViolation } from '#server/db/client.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import { SCAM_HOLD_SCORE } from '#server/lib/safety/scam-score.ts'
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
import {
  lookUpMembers,
  selectLedger,
  selectLiveSessions,
  selectMailsTo,
  selectMemberAccount,
  selectMemberPayments,
  selectMemberPhotos,
  selectReportsOfMember,
  selectSignalsOfMember,
} from './member-support.queries.ts'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

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

    /**
     * A member's file: account, profile, photos, reports and signals, the scam score; sessions,
     * payments, credit ledger and mails for support (a moderator does not see them).
     */
    async file(userId: number, viewer: { role: string }): Promise<{ member: MemberFile }> {
      const supportSees = viewer.role === 'admin' || viewer.role === 'support'
      const { user, profile } = await account(userId)
      const at = deps.now()
      const site = siteOf(user.siteId)
      const none = Promise.resolve(null)
      const [
        photoRows,
        sessionRows,
        paymentRows,
        ledgerRows,
        mailRows,
        scam,
        heldSince,
        reportRows,
        signalRows,
      ] = await Promise.all([
        selectMemberPhotos(db, profile.id),
        supportSees ? selectLiveSessions(db, user.id, at) : none,
        supportSees ? selectMemberPayments(db, user.id) : none,
        supportSees ? selectLedger(db, user.id) : none,
        supportSees ? selectMailsTo(db, user.email) : none,
        deps.safety.senderScore(user.id),
        deps.safety.openingsHeld(user.id),
        selectReportsOfMember(db, user.id, profile.id),
        selectSignalsOfMember(db, user.id),
      ])
      return {
        member: {
          account: {
            user_id: user.id,
            email: user.email,
            site: site.settings.name,
            status: user.status,
            language: user.language,
            credits: user.credits,
            paid_user: user.paidUser,
            signup_date: user.signupDate.toISOString(),
            last_login_at: iso(user.lastLoginAt),
            deleted_at: iso(user.deletedAt),
            suspended_until: iso(user.suspendedUntil),
            payments_blocked_at: iso(user.paymentsBlockedAt),
            notifications_disabled: user.notificationsDisabled,
          },
          profile: {
            profile_id: profile.id,
            name: profile.name,
            age: ageOn(profile.birthDate, at),
            country: profile.country,
            status: profile.status,
            hidden: profile.hidden,
            fictional: profile.fictional,
            about: profile.about,
          },
          photos: photoRows.map((p) => ({
            id: p.id,
            thumb_url: mediaUrl(site.settings.cdn_prefix, p.thumb),
            status: p.status,
          })),
          sessions:
            sessionRows?.map((s) => ({
              id: s.id,
              created_at: s.createdAt.toISOString(),
              expires_at: s.expiresAt.toISOString(),
            })) ?? null,
          payments:
            paymentRows?.map((p) => ({
              id: p.id,
              provider_id: p.providerId,
              status: p.status,
              amount: p.amount,
              currency: p.currency,
              credits: p.credits,
              method: p.method,
              created_at: p.createdAt.toISOString(),
              withdrawn_at: p.withdrawnAt?.toISOString() ?? null,
              refund_amount: p.refundAmount,
            })) ?? null,
          ledger:
            ledgerRows?.map((l) => ({
              id: l.id,
              delta: l.delta,
              balance_after: l.balanceAfter,
              reason: l.reason,
              reference: l.reference,
              created_at: l.createdAt.toISOString(),
            })) ?? null,
          mails:
            mailRows?.map((m) => ({
              id: m.id,
              subject: m.subject,
              created_at: m.createdAt.toISOString(),
              sent_at: iso(m.sentAt),
            })) ?? null,
          reports: reportRows.map((r) => ({
            id: r.id,
            role: r.reportedProfileId === profile.id ? ('against' as const) : ('by' as const),
            reason: r.reason,
            status: r.status,
            outcome: r.outcome,
            created_at: r.createdAt.toISOString(),
          })),
          signals: signalRows.map((r) => ({
            id: r.id,
            kind: r.kind,
            created_at: r.createdAt.toISOString(),
            reviewed: r.reviewedAt !== null,
          })),
          safety: {
            score: scam.score,
            hold_at: SCAM_HOLD_SCORE,
            reasons: scam.reasons,
            held_since: iso(heldSince),
            messages: scam.flagged.slice(0, 10).map((m) => ({
              conversation: m.conversationId,
              excerpt: m.body.slice(0, 200),
              flags: m.flags,
              created_at: m.createdAt.toISOString(),
            })),
          },
        },
      }
    },

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

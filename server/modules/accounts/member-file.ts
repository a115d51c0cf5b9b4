import { mayOpen, SUPPORT } from '#common/console-pages.ts'
import { ageOn } from '#common/schemas/accounts.ts'
import type { MemberFile } from '#common/schemas/support.ts'
import type { StaffRole } from '#common/staff.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import { SCAM_HOLD_SCORE } from '#server/lib/safety/scam-score.ts'
import type { SafetyService } from '#server/modules/safety/safety.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'
import {
  selectLedger,
  selectLiveSessions,
  selectMailsTo,
  selectMemberAccount,
  selectMemberPayments,
  selectMemberPhotos,
  selectReportsOfMember,
  selectSignalsOfMember,
  selectSpendingLimits,
} from './member-support.queries.ts'

export const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * When a member was last on the site: their last password login, or the last time an open page of
 * theirs said they were there (online_until runs a little ahead of that: never later than now).
 */
function lastSeen(user: { lastLoginAt: Date | null; onlineUntil: Date | null }, at: Date): Date | null {
  const online = user.onlineUntil && user.onlineUntil > at ? at : user.onlineUntil
  const times = [user.lastLoginAt, online].filter((d): d is Date => d !== null)
  return times.length === 0 ? null : new Date(Math.max(...times.map((d) => d.getTime())))
}

/**
 * A member's file: account, profile, photos, reports and signals, the scam score; sessions,
 * payments, credit ledger and mails for support (a moderator does not see them).
 */
export async function readMemberFile(
  db: Db,
  deps: { now: Clock; sites: SitesService; safety: Pick<SafetyService, 'senderScore' | 'openingsHeld'> },
  userId: number,
  viewer: { role: StaffRole },
): Promise<{ member: MemberFile }> {
  const supportSees = mayOpen(viewer.role, SUPPORT)
  const found = await selectMemberAccount(db, userId)
  if (!found) throw new AppError('support.member_not_found', 404)
  const { user, profile } = found
  const at = deps.now()
  const site = deps.sites.byId(user.siteId)
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
    limitRow,
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
    supportSees ? selectSpendingLimits(db, user.id) : none,
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
        last_seen_at: iso(lastSeen(user, at)),
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
      limits: limitRow
        ? {
            monthly_limit: limitRow.monthlyLimit,
            currency: limitRow.currency,
            pending_limit: limitRow.pendingLimit,
            pending_currency: limitRow.pendingCurrency,
            pending_from: iso(limitRow.pendingFrom),
            break_until: iso(limitRow.breakUntil),
            checked_in_at: iso(limitRow.checkedInAt),
          }
        : null,
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
}

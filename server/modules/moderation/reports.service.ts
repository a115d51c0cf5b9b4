import type { MemberActionInput, ReportDecisionInput, ReportQueueItem } from '#common/schemas/moderation.ts'
import type { Db, Executor } from '#server/db/client.ts'
import { chatFileName } from '#server/lib/chat-file-name.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { MediaFile, MediaStore } from '#server/lib/media-store.ts'
import type { SessionsEnded } from '#server/lib/sessions-ended.ts'
import { hashToken, newToken } from '#server/lib/tokens.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import { enqueueMail, type MailService } from '#server/modules/mail/mail.service.ts'
import { readPrompts } from '#server/modules/profile-prompts/profile-prompts.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'
import type { BannedFaces } from '#server/modules/verification/verification.service.ts'
import { reportOutcomeMail } from './moderation-mails.ts'
import { applyOutcome, type OutcomeDetail, undoOutcome } from './report-outcomes.ts'
import { queueItem } from './report-queue.ts'
import {
  countEarlierReports,
  countReportQueue,
  endSuspensions,
  insertCase,
  lockReport,
  selectMemberForCase,
  selectMessagesBetween,
  selectPhotosOf,
  selectReporter,
  selectReportPhoto,
  selectReportQueue,
  updateReport,
} from './reports.queries.ts'
import { releaseOpenings } from './signals.queries.ts'

/** How long after a decision its member may appeal. */
const APPEAL_DAYS = 14

export type ReportsService = ReturnType<typeof createReportsService>

/**
 * Reports and what moderators make of them (ADR 16, the Digital Services Act's notice and action):
 * a queue with each report's context; a decision (dismiss, warn, hide a photo or the text, suspend,
 * ban) applied, audited and explained to both sides in their language in one transaction; one
 * appeal by the member concerned, decided by another moderator.
 */
export function createReportsService(
  db: Db,
  deps: {
    now: Clock
    sites: SitesService
    mail: MailService
    sessionsEnded: SessionsEnded
    /** Where chat photos are kept: a report's moderators see those of its conversation. */
    media: Pick<MediaStore, 'get'>
    bannedFaces: Pick<BannedFaces, 'list' | 'lift' | 'kick'>
  },
) {
  const siteOf = deps.sites.byId
  const parts = { siteOf, bannedFaces: deps.bannedFaces }

  /**
   * Decides a locked report within a transaction: applies the outcome, writes the audit row, and
   * enqueues the statement of reasons to the reporter and the member concerned.
   */
  async function decideIn(tx: Executor, input: ReportDecisionInput, actor: Actor, at: Date) {
    const found = await lockReport(tx, { id: input.report })
    if (!found) throw new AppError('moderation.report_not_found', 404)
    const { report } = found
    if (report.status !== 'open' && report.status !== 'appealed')
      throw new AppError('moderation.report_closed', 409)
    const appeal = report.status === 'appealed'
    if (appeal && report.firstDecidedBy === actor.staffId)
      throw new AppError('moderation.same_moderator', 409)
    // An appeal's decision replaces the first: what the first changed is undone unless it stands.
    if (appeal && report.outcome !== input.outcome) await undoOutcome(tx, found, actor, at, parts)
    const detail =
      appeal && report.outcome === input.outcome
        ? ((report.outcomeDetail ?? {}) as OutcomeDetail)
        : await applyOutcome(tx, found, input, actor, at, parts)
    // Decided, a case no longer holds the member's new conversations (ADR 29): a suspension or
    // a ban stops them anyway.
    if (found.userId !== null) await releaseOpenings(tx, found.userId)
    const site = siteOf(found.siteId ?? report.siteId)
    const appealToken = !appeal && input.outcome !== 'dismiss' && found.userId !== null ? newToken() : null
    const status = appeal ? ('closed' as const) : ('decided' as const)
    await updateReport(tx, report.id, {
      status,
      outcome: input.outcome,
      outcomeReason: input.reason,
      outcomeDetail: detail,
      decidedBy: actor.staffId,
      decidedAt: at,
      ...(appeal ? {} : { firstDecidedBy: actor.staffId }),
      appealTokenHash: appealToken?.hash ?? null,
    })
    await recordAudit(tx, actor, at, {
      action: appeal ? 'report.appeal_decided' : 'report.decided',
      target: { type: 'report', id: report.id },
      reason: input.reason,
      before: { status: report.status, outcome: report.outcome, member: found.userId },
      after: { status, outcome: input.outcome, ...detail },
    })
    // A case opened from a signal or by a moderator from the member's file has no reporter to tell.
    const reportedByMember = report.reason !== 'signal' && report.reason !== 'staff'
    const decision = {
      reportId: report.id,
      outcome: input.outcome,
      reason: input.reason,
      until: detail.until?.slice(0, 10),
      reportedByMember,
    }
    const reporter = report.userId ? await selectReporter(tx, report.userId) : null
    if (reportedByMember)
      await enqueueMail(
        tx,
        reportOutcomeMail(
          site,
          reporter ?? { email: report.email, name: report.name, language: site.settings.domain_language },
          decision,
          { role: 'reporter' },
        ),
      )
    if (found.userId !== null && found.email && found.profileName && input.outcome !== 'dismiss') {
      const appealUrl = appealToken ? `${deps.sites.origin(site)}/appeal/${appealToken.token}` : null
      await enqueueMail(
        tx,
        reportOutcomeMail(
          site,
          { email: found.email, name: found.profileName, language: found.language ?? 'en' },
          decision,
          { role: 'member', appealUrl },
        ),
      )
    }
    const restricted = (input.outcome === 'ban' || input.outcome === 'suspend') && found.userId !== null
    return { id: report.id, status, outcome: input.outcome, restricted: restricted ? found.userId : null }
  }

  /** After a decision's commit: a ban or a suspension closes the member's sockets; the mails go. */
  function decided(result: Awaited<ReturnType<typeof decideIn>>) {
    const { restricted, ...report } = result
    if (restricted !== null) deps.sessionsEnded({ member: restricted })
    if (report.outcome === 'ban') deps.bannedFaces.kick()
    deps.mail.kick()
    return { report }
  }

  return {
    /** The queue: open reports and appeals, longest waiting first, each with its context. */
    async queue(viewerStaffId: number | null): Promise<{ reports: ReportQueueItem[]; waiting: number }> {
      const [rows, waiting] = await Promise.all([selectReportQueue(db), countReportQueue(db)])
      const named = rows.flatMap((r) => (r.profile ? [{ profileId: r.profile.id, before: r.report.id }] : []))
      const profileIds = [...new Set(named.map((n) => n.profileId))]
      const [photoRows, earlier, prompts] = await Promise.all([
        selectPhotosOf(db, profileIds),
        countEarlierReports(db, named),
        readPrompts(db)(profileIds),
      ])
      const today = deps.now()
      // Each report's conversation, read side by side.
      const conversations = await Promise.all(
        rows.map(({ report, profile }) =>
          profile && report.userId ? selectMessagesBetween(db, report.userId, profile.userId) : [],
        ),
      )
      const reports = rows.map((row, i) =>
        queueItem(row, {
          photos: photoRows,
          prompts,
          earlierReports: earlier.get(row.report.id) ?? 0,
          messages: conversations[i],
          cdn: siteOf(row.siteId).settings.cdn_prefix,
          today,
          viewerStaffId,
        }),
      )
      return { reports, waiting }
    },

    /**
     * GET /api/admin/report-photo.php: a chat photo (issue 56) or voice note (issue 58) of the
     * conversation between a report's reporter and the member it names, with the type it is served
     * as, for the moderator deciding it; null for any other file.
     */
    async photo(
      reportId: number,
      messageId: number,
      size: 'thumb' | 'full',
    ): Promise<{ file: MediaFile; type: string } | null> {
      const found = await selectReportPhoto(db, reportId, messageId)
      const key = found && (size === 'thumb' ? found.thumb : found.filename)
      const type = key && chatFileName(key)?.type
      const file = key && type ? await deps.media.get(key) : null
      return file && type ? { file, type } : null
    },

    /**
     * Decides a report (or its appeal): applies the outcome, writes the audit row, and mails the
     * statement of reasons to the reporter and the member concerned, all in one transaction.
     */
    async decide(input: ReportDecisionInput, actor: Actor) {
      const at = deps.now()
      return decided(await db.transaction((tx) => decideIn(tx, input, actor, at)))
    },

    /**
     * A moderator acts on a member found in the console (issue 39, point 3): a case is opened and
     * decided at once, in one transaction, with the same mails, audit and appeal as a report's.
     */
    async actOnMember(input: MemberActionInput, actor: Actor) {
      const at = deps.now()
      return decided(
        await db.transaction(async (tx) => {
          const member = await selectMemberForCase(tx, input.user)
          if (!member) throw new AppError('support.member_not_found', 404)
          const report = await insertCase(tx, {
            siteId: member.siteId,
            profileId: member.profileId,
            name: 'Staff',
            email: actor.email,
            reason: 'staff',
            context: { source: 'staff', by: actor.email },
            at,
          })
          return decideIn(
            tx,
            { report, outcome: input.outcome, reason: input.reason, days: input.days },
            actor,
            at,
          )
        }),
      )
    },

    /** The member concerned appeals, once, through the mailed link: the report returns to the queue. */
    async appeal(token: string, text: string): Promise<void> {
      const at = deps.now()
      await db.transaction(async (tx) => {
        const found = await lockReport(tx, { appealTokenHash: hashToken(token) })
        const decidedAt = found?.report.decidedAt
        if (found?.report.status !== 'decided' || !decidedAt || shifted(decidedAt, APPEAL_DAYS * DAY_MS) < at)
          throw new AppError('moderation.appeal_invalid', 404)
        await updateReport(tx, found.report.id, {
          status: 'appealed',
          appealText: text,
          appealedAt: at,
          queuedAt: at,
          appealTokenHash: null,
        })
      })
    },

    /** Shows the profiles whose suspension ended (a scheduled job). */
    endSuspensions: () => endSuspensions(db, deps.now()),
  }
}

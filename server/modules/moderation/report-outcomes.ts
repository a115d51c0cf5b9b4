import type { ReportOutcome } from '#common/moderation.ts'
import type { ReportDecisionInput } from '#common/schemas/moderation.ts'
import type { PromptAnswer } from '#common/schemas/profile-prompts.ts'
import type { Executor } from '#server/db/client.ts'
import { DAY_MS, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import { hidePrompts, restorePrompts } from '#server/modules/profile-prompts/profile-prompts.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'
import type { BannedFaces } from '#server/modules/verification/verification.service.ts'
import { lockPhotoForReview } from './photo-review.queries.ts'
import { applyPhotoDecision } from './photo-review.service.ts'
import { liftRestriction, type lockReport, restrictAccount, setProfileAbout } from './reports.queries.ts'

// What a report's decision does to the member concerned (ADR 16), and how an appeal undoes it.

/** What a decision changed, kept with the report so that an appeal can undo it. */
export interface OutcomeDetail {
  photo?: number
  days?: number
  until?: string
  /** The profile text hidden (its written prompts with it), and the account status before a ban. */
  about?: string | null
  prompts?: PromptAnswer[]
  statusBefore?: string
}

/** What a decision reads and changes beside the report: the sites, and the ban list of faces (issue 60). */
interface OutcomeParts {
  siteOf: SitesService['byId']
  bannedFaces: Pick<BannedFaces, 'list' | 'lift'>
}

/** A report locked for its decision, with the member it names. */
type LockedReport = NonNullable<Awaited<ReturnType<typeof lockReport>>>

/** Applies an outcome to the member concerned; answers what it changed. */
export async function applyOutcome(
  tx: Executor,
  found: LockedReport,
  input: ReportDecisionInput,
  actor: Actor,
  at: Date,
  { siteOf, bannedFaces }: OutcomeParts,
): Promise<OutcomeDetail> {
  const userId = found.userId
  if (input.outcome === 'dismiss' || input.outcome === 'warn') return {}
  if (userId === null || found.profileId === null) throw new AppError('moderation.no_member', 400)
  switch (input.outcome) {
    case 'hide_photo': {
      if (!input.photo) throw new AppError('moderation.photo_required', 400)
      const photo = await lockPhotoForReview(tx, input.photo)
      if (!photo || photo.profileId !== found.profileId) throw new AppError('moderation.photo_not_found', 404)
      const site = siteOf(found.siteId)
      await applyPhotoDecision(tx, photo, { rejectReason: 'other_rules', via: 'report', site }, actor, at)
      return { photo: photo.id }
    }
    case 'hide_text':
      await setProfileAbout(tx, found.profileId, null)
      return { about: found.about, prompts: await hidePrompts(tx, found.profileId) }
    case 'suspend': {
      if (!input.days) throw new AppError('moderation.days_required', 400)
      const until = shifted(at, input.days * DAY_MS)
      await restrictAccount(tx, userId, { ban: false, until })
      return { days: input.days, until: until.toISOString() }
    }
    case 'ban':
      await restrictAccount(tx, userId, { ban: true, at })
      // Their faces go on the ban list for as long as the ban stands (issue 60).
      await bannedFaces.list(tx, { reportId: found.report.id, userId, at })
      return { statusBefore: found.accountStatus ?? 'active' }
  }
}

/** Undoes what a first decision changed, when its appeal ends otherwise. */
export async function undoOutcome(
  tx: Executor,
  found: LockedReport,
  actor: Actor,
  at: Date,
  { siteOf, bannedFaces }: OutcomeParts,
) {
  const detail = (found.report.outcomeDetail ?? {}) as OutcomeDetail
  const outcome = found.report.outcome as ReportOutcome
  if (found.userId === null || found.profileId === null) return
  if (outcome === 'ban') {
    await liftRestriction(tx, found.userId, detail.statusBefore ?? 'active')
    await bannedFaces.lift(tx, found.report.id)
  }
  if (outcome === 'suspend') await liftRestriction(tx, found.userId, found.accountStatus ?? 'active')
  if (outcome === 'hide_text' && detail.about) await setProfileAbout(tx, found.profileId, detail.about)
  if (outcome === 'hide_text' && detail.prompts?.length)
    await restorePrompts(tx, found.profileId, detail.prompts, at)
  if (outcome === 'hide_photo' && detail.photo) {
    const photo = await lockPhotoForReview(tx, detail.photo)
    if (photo) {
      const site = siteOf(found.siteId)
      await applyPhotoDecision(tx, photo, { rejectReason: null, via: 'report', site }, actor, at)
    }
  }
}

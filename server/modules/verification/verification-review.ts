import type { VerificationQueueResponse } from '#common/schemas/verification.ts'
import { type FailReason, type Pose, VERIFICATION_FRAMES_KEPT_DAYS } from '#common/verification.ts'
import type { Db } from '#server/db/client.ts'
import { DAY_MS } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import { enqueueMail } from '#server/modules/mail/mail.service.ts'
import {
  countAttemptsSince,
  countReviewQueue,
  deleteFrames,
  expireReviews,
  lockAttempt,
  saveVerifiedFace,
  selectFrames,
  selectPhotosOfUser,
  selectProfileForCheck,
  selectRecipient,
  selectReviewQueue,
  setVerifiedPhoto,
  updateAttempt,
} from './verification.queries.ts'
import type { VerificationDeps } from './verification.service.ts'
import { verificationDecidedMail } from './verification-mails.ts'

/**
 * The moderators' side of the live check (issue 37, ADR 28): the checks that wait for them, their
 * decision on one, and the frames that waited too long.
 */
export function createVerificationReview(
  db: Db,
  deps: Pick<VerificationDeps, 'now' | 'sites' | 'mail' | 'bannedFaces'>,
) {
  return {
    /** The checks that wait for a moderator, the oldest first: frames, poses asked, scores. */
    async queue(): Promise<VerificationQueueResponse> {
      const at = deps.now()
      const [rows, total] = await Promise.all([selectReviewQueue(db, 20), countReviewQueue(db)])
      const verifications = await Promise.all(
        rows.map(async ({ attempt, profileId, name, siteId }) => {
          const cdn = deps.sites.byId(siteId).settings.cdn_prefix
          const [frames, photos, counts, banned] = await Promise.all([
            selectFrames(db, attempt.id),
            selectPhotosOfUser(db, attempt.userId),
            countAttemptsSince(db, attempt.userId, new Date(at.getTime() - DAY_MS)),
            deps.bannedFaces.view(attempt.bannedFace, cdn),
          ])
          return {
            id: attempt.id,
            user_id: attempt.userId,
            profile_id: profileId,
            name: name ?? '',
            poses: attempt.poses as Pose[],
            reason: (attempt.reason as FailReason | null) ?? null,
            scores: attempt.scores ?? null,
            same_face_user_ids: attempt.sameFaceUserIds ?? [],
            failures_today: counts.failed + counts.review,
            can_verify: attempt.embedding !== null,
            sent_at: (attempt.sentAt ?? attempt.createdAt).toISOString(),
            frames: frames.map((f) => ({
              pose: f.pose,
              n: f.n,
              src: `data:image/jpeg;base64,${f.image.toString('base64')}`,
            })),
            photos: photos.map((p) => mediaUrl(cdn, p.filename)),
            banned_face: banned,
          }
        }),
      )
      return { verifications, total }
    },

    /**
     * A moderator's decision on a check that waited for them: verified (the live face is kept, the
     * badge shows on the current main photo) or refused; audited, mailed, and the frames go.
     */
    async review(input: { verification: number; decision: 'verify' | 'refuse' }, actor: Actor) {
      const at = deps.now()
      await db.transaction(async (tx) => {
        const attempt = await lockAttempt(tx, input.verification)
        if (!attempt) throw new AppError('verification.not_found', 404)
        if (attempt.status !== 'review') throw new AppError('moderation.already_reviewed', 409)
        const verify = input.decision === 'verify'
        if (verify && !attempt.embedding) throw new AppError('verification.no_face', 409)
        const profile = await selectProfileForCheck(tx, attempt.userId)
        if (verify && (!profile || profile.fictional)) throw new AppError('verification.fictional', 409)
        if (verify && attempt.embedding) {
          await saveVerifiedFace(tx, attempt.userId, attempt.embedding, at)
          await setVerifiedPhoto(tx, attempt.userId, profile?.mainPhotoId ?? null)
        }
        await updateAttempt(tx, attempt.id, {
          status: verify ? 'verified' : 'failed',
          reason: verify ? attempt.reason : 'refused_by_moderator',
          embedding: null,
          decidedAt: at,
          decidedBy: actor.staffId,
        })
        await deleteFrames(tx, attempt.id)
        const to = await selectRecipient(tx, attempt.userId)
        if (to) {
          const site = deps.sites.byId(to.siteId)
          await enqueueMail(
            tx,
            verificationDecidedMail(site, to, input.decision, `${deps.sites.origin(site)}/verify`),
          )
        }
        await recordAudit(tx, actor, at, {
          action: verify ? 'verification.verify' : 'verification.refuse',
          target: { type: 'member', id: attempt.userId },
          reason: attempt.reason,
          before: { status: 'review', verification: attempt.id, scores: attempt.scores },
          after: { status: verify ? 'verified' : 'failed' },
        })
      })
      deps.mail.kick()
      return { ok: true as const }
    },

    /** Frames that waited for a moderator longer than they may be kept go; the attempt fails. */
    expireReviews: () =>
      db.transaction((tx) =>
        expireReviews(
          tx,
          new Date(deps.now().getTime() - VERIFICATION_FRAMES_KEPT_DAYS * DAY_MS),
          deps.now(),
        ),
      ),
  }
}

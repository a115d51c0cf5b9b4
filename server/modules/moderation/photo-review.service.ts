import { ageOn } from '#common/schemas/accounts.ts'
import type { PhotoQueueItem, PhotoReviewInput } from '#common/schemas/moderation.ts'
import type { Db, Executor } from '#server/db/client.ts'
import { selectNextMain, setMainPhoto } from '#server/db/profile-photos.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import { enqueueMail, type MailService } from '#server/modules/mail/mail.service.ts'
import type { Site, SitesService } from '#server/modules/sites/sites.service.ts'
import type { BannedFaces } from '#server/modules/verification/verification.service.ts'
import { photoRejectedMail } from './moderation-mails.ts'
import {
  countPhotoQueue,
  lockPhotoForReview,
  selectOriginals,
  selectPhotoQueue,
  selectPhotosOfProfiles,
  updatePhotoReview,
} from './photo-review.queries.ts'

type PhotoStatus = 'pending' | 'active' | 'rejected'

export type PhotoReviewService = ReturnType<typeof createPhotoReviewService>

/**
 * The photo queue (ADR 16): every new photo waits here, oldest first, whether the site holds it
 * until approved (pre-moderation) or shows it at once (post-moderation). A rejected photo is hidden
 * and its member told why, in their language; each decision is audited in its own transaction.
 */
export function createPhotoReviewService(
  db: Db,
  deps: { now: Clock; sites: SitesService; mail: MailService; bannedFaces: Pick<BannedFaces, 'view'> },
) {
  const siteOf = deps.sites.byId
  const url = (siteId: number, file: string) => mediaUrl(siteOf(siteId).settings.cdn_prefix, file)

  return {
    /** A page of the queue: each photo with its member, the member's other photos and a likely original. */
    async queue(after?: number): Promise<{ photos: PhotoQueueItem[]; waiting: number }> {
      const [rows, waiting] = await Promise.all([selectPhotoQueue(db, after), countPhotoQueue(db)])
      const [others, originals, banned] = await Promise.all([
        selectPhotosOfProfiles(db, [...new Set(rows.map((r) => r.profileId))]),
        selectOriginals(
          db,
          rows.flatMap((r) => (r.duplicateOf ? [r.duplicateOf] : [])),
        ),
        Promise.all(
          rows.map((r) => deps.bannedFaces.view(r.bannedFace, siteOf(r.siteId).settings.cdn_prefix)),
        ),
      ])
      const today = deps.now()
      const photos = rows.map((r, i): PhotoQueueItem => {
        const original = originals.find((o) => o.id === r.duplicateOf)
        return {
          id: r.id,
          url: url(r.siteId, r.filename),
          thumb_url: url(r.siteId, r.thumbFilename),
          status: r.status as PhotoStatus,
          created_at: r.createdAt.toISOString(),
          member: {
            user_id: r.userId,
            profile_id: r.profileId,
            name: r.name,
            age: ageOn(r.birthDate, today),
            country: r.country,
            site: siteOf(r.siteId).settings.name,
          },
          others: others
            .filter((o) => o.profileId === r.profileId && o.id !== r.id)
            .map((o) => ({
              id: o.id,
              url: url(r.siteId, o.filename),
              thumb_url: url(r.siteId, o.thumbFilename),
              status: o.status as PhotoStatus,
              created_at: o.createdAt.toISOString(),
            })),
          explicit_score: r.explicitScore === null ? null : Math.round(r.explicitScore * 100) / 100,
          explicit: r.explicit,
          duplicate_of: original
            ? {
                photo_id: original.id,
                profile_id: original.profileId,
                name: original.name,
                url: url(original.siteId, original.filename),
              }
            : null,
          banned_face: banned[i],
        }
      })
      return { photos, waiting }
    },

    /**
     * Approves or rejects a photo waiting for review. A photo another moderator already decided
     * answers 409, so two moderators never act on one photo twice.
     */
    async review(input: PhotoReviewInput, actor: Actor) {
      const at = deps.now()
      const result = await db.transaction(async (tx) => {
        const photo = await lockPhotoForReview(tx, input.photo)
        if (!photo) throw new AppError('moderation.photo_not_found', 404)
        if (photo.reviewedAt) throw new AppError('moderation.already_reviewed', 409)
        const rejectReason = input.decision === 'approve' ? null : input.reason
        return applyPhotoDecision(
          tx,
          photo,
          { rejectReason, via: 'photo', site: siteOf(photo.siteId) },
          actor,
          at,
        )
      })
      if (result.status === 'rejected') deps.mail.kick()
      return { photo: { id: input.photo, status: result.status } }
    },
  }
}

/** A photo as its decision needs it (locked by lockPhotoForReview). */
type PhotoUnderReview = NonNullable<Awaited<ReturnType<typeof lockPhotoForReview>>>

/**
 * Within a transaction: shows a photo, or hides it with a reason; audited. From the queue the
 * member is told why by mail; from a report, the report's statement of reasons tells them.
 */
export async function applyPhotoDecision(
  tx: Executor,
  photo: PhotoUnderReview,
  decision: { rejectReason: string | null; via: 'photo' | 'report'; site: Site },
  actor: Actor,
  at: Date,
) {
  const { rejectReason } = decision
  const status = rejectReason ? ('rejected' as const) : ('active' as const)
  await updatePhotoReview(tx, photo.id, { status, reviewedAt: at, rejectReason })
  if (status === 'rejected' && photo.mainPhotoId === photo.id)
    await setMainPhoto(tx, photo.profileId, await selectNextMain(tx, photo.profileId))
  if (status === 'active' && photo.mainPhotoId === null) await setMainPhoto(tx, photo.profileId, photo.id)
  if (status === 'rejected' && decision.via === 'photo')
    await enqueueMail(tx, photoRejectedMail(decision.site, photo, rejectReason ?? ''))
  await recordAudit(tx, actor, at, {
    action: status === 'active' ? 'photo.approve' : 'photo.reject',
    target: { type: 'photo', id: photo.id },
    reason: rejectReason,
    before: { status: photo.status, member: photo.userId },
    after: { status, via: decision.via },
  })
  return { status }
}

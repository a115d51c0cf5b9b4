import { randomInt } from 'node:crypto'
import sharp from 'sharp'
import type {
  Verification,
  VerificationQueueResponse,
  VerificationResponse,
} from '#common/schemas/verification.ts'
import {
  drawablePoses,
  type FailReason,
  FRAME_MAX_SIDE,
  FRAMES_PER_POSE,
  POSES,
  type Pose,
  VERIFICATION_FAILURES_PER_DAY,
  VERIFICATION_FRAMES_KEPT_DAYS,
  VERIFICATION_MIN_PHOTOS,
  VERIFICATION_STARTS_PER_DAY,
} from '#common/verification.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { type FaceAnalyzer, type FaceFinding, faceSimilarity } from '#server/lib/faces/face-analyzer.ts'
import { drawPoses } from '#server/lib/faces/face-poses.ts'
import { FACE_THRESHOLDS } from '#server/lib/faces/face-thresholds.ts'
import { decideVerification } from '#server/lib/faces/verification-decision.ts'
import { checkImageHeader } from '#server/lib/images.ts'
import type { MediaStore } from '#server/lib/media-store.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import type { Member } from '#server/modules/accounts/accounts.service.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import { enqueueMail, type MailService } from '#server/modules/mail/mail.service.ts'
import type { Site, SitesService } from '#server/modules/sites/sites.service.ts'
import {
  abandonOpen,
  claimNextDeciding,
  countAttemptsSince,
  countFrames,
  countReviewQueue,
  deleteFrames,
  expireReviews,
  insertAttempt,
  lockAttempt,
  lockMember,
  saveVerifiedFace,
  selectFrames,
  selectLatestAttempt,
  selectMovedMainPhotos,
  selectPhotosOfUser,
  selectProfileForCheck,
  selectRecipient,
  selectReviewQueue,
  selectVerifiedFace,
  selectVerifiedFacesAfter,
  setVerifiedPhoto,
  updateAttempt,
  upsertFrame,
  type VerificationRow,
} from './verification.queries.ts'
import { verificationDecidedMail } from './verification-mails.ts'

const DAY_MS = 86_400_000
/** The other active photos compared with the live face besides the main one. */
const OTHER_PHOTOS_COMPARED = 4
/** An attempt a node took to decide and did not finish is taken again after this long. */
const CLAIM_MS = 5 * 60_000

export type VerificationService = ReturnType<typeof createVerificationService>

interface VerificationDeps {
  now: Clock
  faces: FaceAnalyzer
  media: MediaStore
  /** The moderators' signals (the moderation module's): a verified face on a second account. */
  signals: {
    record(signal: { userId: number; kind: 'same_face'; detail: Record<string, unknown> }): Promise<void>
  }
  sites: SitesService
  mail: Pick<MailService, 'kick'>
  /** Starts the decision job at once (the frames are in); the jobs set it when they run. */
  kick: () => void
  /** 0 ≤ r < 1: the poses' draw (crypto by default). */
  random?: () => number
}

/** The one face of a profile photo that the check compares: the largest. */
function largestFace(faces: FaceFinding[]): FaceFinding | null {
  return faces.reduce<FaceFinding | null>(
    (best, f) => (!best || f.box[2] * f.box[3] > best.box[2] * best.box[3] ? f : best),
    null,
  )
}

function toVerification(row: VerificationRow, frames: [number, number]): Verification {
  return {
    id: row.id,
    poses: row.poses as [Pose, Pose],
    status: row.status as Verification['status'],
    poses_sent: [frames[0] >= FRAMES_PER_POSE, frames[1] >= FRAMES_PER_POSE],
    reason: (row.reason as FailReason | null) ?? null,
  }
}

/**
 * Verified humans (issue 37, ADR 28): a member starts a live check (two poses drawn among the
 * site's), sends a short burst of camera frames per pose, and a job decides on the node's face
 * models. The frames are deleted with the decision; a verified member keeps only the face's
 * embedding, and their profile shows the badge while its main photo is the one the face matched.
 */
export function createVerificationService(db: Db, deps: VerificationDeps) {
  const random = deps.random ?? (() => randomInt(0, 1_000_000) / 1_000_000)

  /** Why the member may not start a check now, or null. */
  async function blocked(
    userId: number,
    at: Date,
    /** The profile as the caller already read it (selectProfileForCheck). */
    read?: Awaited<ReturnType<typeof selectProfileForCheck>>,
  ) {
    const profile = read ?? (await selectProfileForCheck(db, userId))
    if (!profile) throw new AppError('authentication_required', 403)
    if (profile.fictional) return 'fictional' as const
    const mainActive = profile.photos.some((p) => p.id === profile.mainPhotoId)
    if (!mainActive || profile.photos.length < VERIFICATION_MIN_PHOTOS) return 'photos_needed' as const
    const since = new Date(at.getTime() - DAY_MS)
    const counts = await countAttemptsSince(db, userId, since)
    if (counts.review > 0) return 'waiting_for_moderator' as const
    // A moderator refused the third failure: the next check waits until the day has passed.
    if (counts.failed >= VERIFICATION_FAILURES_PER_DAY) return 'retry_tomorrow' as const
    if (counts.started >= VERIFICATION_STARTS_PER_DAY) return 'too_many' as const
    return null
  }

  /** The embedding of the largest face of a stored photo, or null (no face, or the file is gone). */
  async function photoFace(filename: string): Promise<number[] | null> {
    const file = await deps.media.get(filename)
    if (!file) return null
    const chunks: Buffer[] = []
    for await (const chunk of file.body) chunks.push(chunk as Buffer)
    const face = largestFace((await deps.faces.analyse(Buffer.concat(chunks))).faces)
    return face ? face.embedding : null
  }

  /** Verified faces of other accounts that match this one (each compared in Node, a page at a time). */
  async function sameFaceElsewhere(userId: number, live: number[]): Promise<number[]> {
    const found: number[] = []
    let after = 0
    for (;;) {
      const page = await selectVerifiedFacesAfter(db, userId, after, 1000)
      for (const face of page)
        if (faceSimilarity(live, face.embedding) >= FACE_THRESHOLDS.sameFace) found.push(face.userId)
      if (page.length < 1000) return found
      after = page[page.length - 1].userId
    }
  }

  /** Decides one attempt whose frames are in (locked by the caller's transaction). */
  async function decide(attempt: VerificationRow) {
    const frames = await selectFrames(db, attempt.id)
    const analysed = []
    for (const frame of frames)
      analysed.push({
        pose: attempt.poses[frame.pose] as Pose,
        analysis: await deps.faces.analyse(frame.image),
      })
    const profile = await selectProfileForCheck(db, attempt.userId)
    const main = profile?.photos.find((p) => p.id === profile.mainPhotoId) ?? null
    const others = (profile?.photos ?? []).filter((p) => p.id !== main?.id).slice(0, OTHER_PHOTOS_COMPARED)
    const mainFace = main && !profile?.fictional ? await photoFace(main.filename) : null
    const otherFaces = (await Promise.all(others.map((p) => photoFace(p.filename)))).filter(
      (e): e is number[] => e !== null,
    )
    const decision = decideVerification({
      frames: analysed,
      mainPhoto: mainFace,
      otherPhotos: otherFaces,
      verifiedElsewhere: [],
    })
    const elsewhere =
      decision.outcome === 'verified' ? await sameFaceElsewhere(attempt.userId, decision.embedding) : []
    return { decision, mainPhotoId: main?.id ?? null, elsewhere }
  }

  return {
    /** Where the member stands: verified or not, their latest attempt, and whether they may start one. */
    async status(member: Pick<Member, 'userId'>): Promise<VerificationResponse> {
      const at = deps.now()
      const [profile, attempt, face] = await Promise.all([
        selectProfileForCheck(db, member.userId),
        selectLatestAttempt(db, member.userId),
        selectVerifiedFace(db, member.userId),
      ])
      return {
        verified: profile?.verified ?? false,
        verified_at: face?.verifiedAt.toISOString() ?? null,
        verification: attempt ? toVerification(attempt, await countFrames(db, attempt.id)) : null,
        blocked: await blocked(member.userId, at, profile),
      }
    },

    /**
     * Starts an attempt with two poses drawn among the site's. An open attempt the member did not
     * send ends (its frames go); one being decided is answered as it is.
     */
    async start(member: Member, site: Site): Promise<Verification> {
      const at = deps.now()
      const why = await blocked(member.userId, at)
      if (why)
        throw new AppError(`verification.${why}`, why === 'too_many' || why === 'retry_tomorrow' ? 429 : 403)
      const among = site.settings.verification_poses.filter((p): p is Pose =>
        (POSES as readonly string[]).includes(p),
      )
      const poses = drawPoses(random, drawablePoses(among) ? among : POSES)
      const row = await db.transaction(async (tx) => {
        // Counted again under the member's row lock: starts at once cannot pass one count (issue 55).
        await lockMember(tx, member.userId)
        const latest = await selectLatestAttempt(tx, member.userId)
        if (latest?.status === 'deciding') return latest
        const counts = await countAttemptsSince(tx, member.userId, new Date(at.getTime() - DAY_MS))
        if (counts.started >= VERIFICATION_STARTS_PER_DAY) throw new AppError('verification.too_many', 429)
        await abandonOpen(tx, member.userId)
        return insertAttempt(tx, { userId: member.userId, poses, createdAt: at })
      })
      return toVerification(row, await countFrames(db, row.id))
    },

    /**
     * One frame of a pose, straight from the camera: re-encoded (nothing of the file survives but
     * its pixels) and kept until the decision. When both poses hold their frames, the job decides.
     */
    async addFrame(member: Member, input: { verification: number; pose: number; n: number }, file: Buffer) {
      if (input.n >= FRAMES_PER_POSE) throw new AppError('request.invalid', 400)
      await checkImageHeader(file)
      let image: Buffer
      try {
        image = await sharp(file, { failOn: 'error' })
          .rotate()
          .resize(FRAME_MAX_SIDE, FRAME_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 90 })
          .toBuffer()
      } catch {
        throw new AppError('photos.not_image', 400)
      }
      const at = deps.now()
      const result = await db.transaction(async (tx) => {
        const attempt = await lockAttempt(tx, input.verification)
        if (!attempt || attempt.userId !== member.userId) throw new AppError('verification.not_found', 404)
        if (attempt.status !== 'open') throw new AppError('verification.not_open', 409)
        await upsertFrame(tx, { verificationId: attempt.id, pose: input.pose, n: input.n, image })
        const frames = await countFrames(tx, attempt.id)
        const complete = frames.every((n) => n >= FRAMES_PER_POSE)
        if (complete) await updateAttempt(tx, attempt.id, { status: 'deciding', sentAt: at })
        return toVerification({ ...attempt, status: complete ? 'deciding' : 'open' }, frames)
      })
      if (result.status === 'deciding') deps.kick()
      return result
    },

    /**
     * Decides the attempts whose frames are in, one at a time (the job; a node that stops leaves
     * the attempt to the next run). Answers how many it decided.
     */
    async decideWaiting(): Promise<number> {
      let decided = 0
      for (;;) {
        const claimed = await claimNextDeciding(db, deps.now(), new Date(deps.now().getTime() - CLAIM_MS))
        if (!claimed) return decided
        const { decision, mainPhotoId, elsewhere } = await decide(claimed)
        const done = await db.transaction(async (tx) => {
          const attempt = await lockAttempt(tx, claimed.id)
          // Taken again by another node meanwhile (this one was slow), or gone with the account.
          if (attempt?.status !== 'deciding' || attempt.claimedAt?.getTime() !== claimed.claimedAt?.getTime())
            return null
          const at = deps.now()
          if (decision.outcome === 'verified') {
            await saveVerifiedFace(tx, attempt.userId, decision.embedding, at)
            await setVerifiedPhoto(tx, attempt.userId, mainPhotoId)
            await updateAttempt(tx, attempt.id, {
              status: 'verified',
              scores: { ...decision.scores },
              sameFaceUserIds: elsewhere,
              decidedAt: at,
            })
            await deleteFrames(tx, attempt.id)
          } else {
            const counts = await countAttemptsSince(tx, attempt.userId, new Date(at.getTime() - DAY_MS))
            // This one is counted as deciding: a third failure waits for a moderator, frames kept.
            const review = counts.failed + 1 >= VERIFICATION_FAILURES_PER_DAY
            await updateAttempt(tx, attempt.id, {
              status: review ? 'review' : 'failed',
              reason: decision.reason,
              scores: { ...decision.scores },
              embedding: review ? decision.embedding : null,
              decidedAt: review ? null : at,
            })
            if (!review) await deleteFrames(tx, attempt.id)
          }
          return { attempt, elsewhere }
        })
        if (!done) continue
        decided++
        if (done.elsewhere.length > 0)
          await deps.signals.record({
            userId: done.attempt.userId,
            kind: 'same_face',
            detail: { verification: done.attempt.id, accounts: done.elsewhere },
          })
      }
    },

    /**
     * Verified members whose main photo changed: the new one is compared with their face, and the
     * badge follows it when it matches (it is off meanwhile); when it does not, the badge is gone
     * until the member verifies again.
     */
    async recheckMainPhotos(): Promise<number> {
      const moved = await selectMovedMainPhotos(db, 200)
      let matched = 0
      for (const row of moved) {
        const face = row.filename ? await photoFace(row.filename) : null
        if (face && faceSimilarity(face, row.embedding) >= FACE_THRESHOLDS.sameFace) {
          await setVerifiedPhoto(db, row.userId, row.mainPhotoId)
          matched++
        } else await setVerifiedPhoto(db, row.userId, null)
      }
      return matched
    },

    /** The checks that wait for a moderator, the oldest first: frames, poses asked, scores. */
    async queue(): Promise<VerificationQueueResponse> {
      const at = deps.now()
      const [rows, total] = await Promise.all([selectReviewQueue(db, 20), countReviewQueue(db)])
      const verifications = await Promise.all(
        rows.map(async ({ attempt, profileId, name, siteId }) => {
          const [frames, photos, counts] = await Promise.all([
            selectFrames(db, attempt.id),
            selectPhotosOfUser(db, attempt.userId),
            countAttemptsSince(db, attempt.userId, new Date(at.getTime() - DAY_MS)),
          ])
          const cdn = deps.sites.byId(siteId).settings.cdn_prefix
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

import { randomInt } from 'node:crypto'
import sharp from 'sharp'
import type { Verification, VerificationResponse } from '#common/schemas/verification.ts'
import {
  drawablePoses,
  type FailReason,
  FRAME_MAX_SIDE,
  FRAMES_PER_POSE,
  POSES,
  type Pose,
  VERIFICATION_FAILURES_PER_DAY,
  VERIFICATION_MIN_PHOTOS,
  VERIFICATION_STARTS_PER_DAY,
} from '#common/verification.ts'
import type { Db } from '#server/db/client.ts'
import { type Clock, DAY_MS } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { type FaceAnalyzer, faceSimilarity } from '#server/lib/faces/face-analyzer.ts'
import { drawPoses } from '#server/lib/faces/face-poses.ts'
import { FACE_THRESHOLDS } from '#server/lib/faces/face-thresholds.ts'
import { decideVerification } from '#server/lib/faces/verification-decision.ts'
import { checkImageHeader } from '#server/lib/images.ts'
import type { MediaStore } from '#server/lib/media-store.ts'
import type { Member } from '#server/modules/accounts/accounts.service.ts'
import type { MailService } from '#server/modules/mail/mail.service.ts'
import type { Site, SitesService } from '#server/modules/sites/sites.service.ts'
import type { BannedFaces } from './banned-faces.ts'
import {
  abandonOpen,
  claimNextDeciding,
  countAttemptsSince,
  countFrames,
  deleteFrames,
  insertAttempt,
  lockAttempt,
  lockMember,
  saveVerifiedFace,
  selectFrames,
  selectLatestAttempt,
  selectMovedMainPhotos,
  selectProfileForCheck,
  selectVerifiedFace,
  setVerifiedPhoto,
  updateAttempt,
  upsertFrame,
  type VerificationRow,
} from './verification.queries.ts'
import { createFaceLookups } from './verification-faces.ts'
import { createVerificationReview } from './verification-review.ts'

/** The ban list of faces (issue 60), as the modules that hold or lift faces see it. */
export type { BannedFaces }

/** The other active photos compared with the live face besides the main one. */
const OTHER_PHOTOS_COMPARED = 4
/** An attempt a node took to decide and did not finish is taken again after this long. */
const CLAIM_MS = 5 * 60_000

export type VerificationService = ReturnType<typeof createVerificationService>

export interface VerificationDeps {
  now: Clock
  faces: FaceAnalyzer
  media: MediaStore
  /** The moderators' cases (the moderation module's): a verified face on a second account. */
  signals: {
    openCase(signal: { userId: number; kind: 'same_face'; detail: Record<string, unknown> }): Promise<void>
  }
  sites: SitesService
  mail: Pick<MailService, 'kick'>
  /** Starts the decision job at once (the frames are in); the jobs set it when they run. */
  kick: () => void
  /** 0 ≤ r < 1: the poses' draw (crypto by default). */
  random?: () => number
  /** The ban list of faces (issue 60): a check whose face is a banned member's waits for a moderator. */
  bannedFaces: Pick<BannedFaces, 'match' | 'view'>
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

  const { photoFace, sameFaceElsewhere } = createFaceLookups(db, deps)

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
    // A banned member's face, whatever the models decided, waits for a moderator (issue 60).
    const banned = decision.embedding ? await deps.bannedFaces.match(decision.embedding) : null
    return { decision, mainPhotoId: main?.id ?? null, elsewhere, banned }
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
        const { decision, mainPhotoId, elsewhere, banned } = await decide(claimed)
        const done = await db.transaction(async (tx) => {
          const attempt = await lockAttempt(tx, claimed.id)
          // Taken again by another node meanwhile (this one was slow), or gone with the account.
          if (attempt?.status !== 'deciding' || attempt.claimedAt?.getTime() !== claimed.claimedAt?.getTime())
            return null
          const at = deps.now()
          if (decision.outcome === 'verified' && !banned) {
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
            // This one is counted as deciding: a third failure waits for a moderator, frames kept;
            // so does a banned member's face, told to nobody but the moderators.
            const review = banned !== null || counts.failed + 1 >= VERIFICATION_FAILURES_PER_DAY
            await updateAttempt(tx, attempt.id, {
              status: review ? 'review' : 'failed',
              reason: decision.outcome === 'verified' ? null : decision.reason,
              scores: { ...decision.scores },
              embedding: review ? decision.embedding : null,
              sameFaceUserIds: elsewhere,
              bannedFace: banned,
              decidedAt: review ? null : at,
            })
            if (!review) await deleteFrames(tx, attempt.id)
          }
          return { attempt, elsewhere }
        })
        if (!done) continue
        decided++
        // The same face on two live accounts is a case with both files (issue 60), not only a signal.
        if (done.elsewhere.length > 0)
          await deps.signals.openCase({
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
    ...createVerificationReview(db, deps),
  }
}

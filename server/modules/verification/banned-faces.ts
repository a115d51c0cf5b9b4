import type { BannedFaceView } from '#common/schemas/verification.ts'
import type { Db, Executor } from '#server/db/client.ts'
import type { BannedFaceMatch } from '#server/db/schema/banned-faces.ts'
import type { Clock } from '#server/lib/clock.ts'
import { type FaceAnalyzer, faceSimilarity, largestFace } from '#server/lib/faces/face-analyzer.ts'
import { FACE_THRESHOLDS } from '#server/lib/faces/face-thresholds.ts'
import type { MediaStore } from '#server/lib/media-store.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import {
  liftBannedFaces,
  listBannedFaces,
  selectBannedFaceViews,
  selectMeasured,
  selectUnmeasured,
  setBannedEmbedding,
} from './banned-faces.queries.ts'
import { createFaceLookups } from './verification-faces.ts'

export type BannedFaces = ReturnType<typeof createBannedFaces>

/**
 * The ban list of faces (issue 60, ADR 28): a banned member's faces stay out. A ban lists the face
 * of their verified check and of their photos (embeddings only, kept as long as the ban); a live
 * check or a profile photo whose face matches one is held for a moderator, who sees both faces and
 * the ban's statement of reasons. Nothing is refused automatically. Lifting a ban lifts its faces.
 */
export function createBannedFaces(
  db: Db,
  deps: { faces: FaceAnalyzer; media: MediaStore; now: Clock; kick: () => void },
) {
  /** The largest face of an image, or null (no face, or not an image the models read). */
  async function faceOf(image: Uint8Array): Promise<number[] | null> {
    const analysis = await deps.faces.analyse(image).catch(() => null)
    return analysis ? (largestFace(analysis.faces)?.embedding ?? null) : null
  }

  const { photoFace } = createFaceLookups(db, deps)

  /** The banned face most like this one, when it passes the threshold. */
  const match = async (embedding: readonly number[]) => bestOf(embedding, await selectMeasured(db))

  function bestOf(
    embedding: readonly number[],
    listed: Awaited<ReturnType<typeof selectMeasured>>,
  ): BannedFaceMatch | null {
    let best: BannedFaceMatch | null = null
    for (const face of listed) {
      const similarity = faceSimilarity(embedding, face.embedding ?? [])
      if (similarity >= FACE_THRESHOLDS.bannedFace && similarity > (best?.similarity ?? 0))
        best = { face: face.id, report: face.reportId, similarity: Math.round(similarity * 1000) / 1000 }
    }
    return best
  }

  return {
    /** Lists a banned member's faces under the ban (in the decision's transaction); the job measures photos. */
    list: (tx: Executor, ban: { reportId: number; userId: number; at: Date }) => listBannedFaces(tx, ban),
    /** Lifts a ban's faces (its appeal succeeded). */
    lift: (tx: Executor, reportId: number) => liftBannedFaces(tx, reportId),
    /** Starts the job that measures a ban's photos (after the ban's commit). */
    kick: () => deps.kick(),

    /** Measures the listed photos' faces, a page at a time (the job); a photo with no face leaves the list. */
    async measureWaiting(): Promise<number> {
      let measured = 0
      for (;;) {
        const page = await selectUnmeasured(db, 20)
        for (const row of page) {
          // A photo gone, with no face, or not read by the models leaves the list.
          const embedding = row.filename ? await photoFace(row.filename).catch(() => null) : null
          await setBannedEmbedding(db, row.id, embedding)
          measured++
        }
        if (page.length < 20) return measured
      }
    },

    match,

    /** Whether a photo's largest face matches a banned one. */
    async matchImage(image: Uint8Array): Promise<BannedFaceMatch | null> {
      // The list read once: an empty list costs the upload no face analysis.
      const listed = await selectMeasured(db)
      if (listed.length === 0) return null
      const face = await faceOf(image)
      return face ? bestOf(face, listed) : null
    },

    /** What the moderators see of a matched banned face (null: the ban was lifted since). */
    async view(matched: BannedFaceMatch | null, cdn: string): Promise<BannedFaceView | null> {
      if (!matched) return null
      const [row] = await selectBannedFaceViews(db, [matched.face])
      if (!row) return null
      return {
        similarity: matched.similarity,
        report: row.reportId,
        user_id: row.userId,
        source: row.source as BannedFaceView['source'],
        reason: row.reason ?? '',
        banned_at: row.bannedAt?.toISOString() ?? null,
        photo: row.filename ? mediaUrl(cdn, row.filename) : null,
      }
    },
  }
}

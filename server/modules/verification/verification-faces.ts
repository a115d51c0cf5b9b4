import type { Db } from '#server/db/client.ts'
import { faceSimilarity, largestFace } from '#server/lib/faces/face-analyzer.ts'
import { FACE_THRESHOLDS } from '#server/lib/faces/face-thresholds.ts'
import { selectVerifiedFacesAfter } from './verification.queries.ts'
import type { VerificationDeps } from './verification.service.ts'

/** The faces the check compares the live face with: a stored photo's, and other accounts' verified ones. */
export function createFaceLookups(db: Db, deps: Pick<VerificationDeps, 'faces' | 'media'>) {
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

  return { photoFace, sameFaceElsewhere }
}

import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { createFaceAnalyzer } from '#server/lib/faces/face-analyzer.ts'
import { createBannedFaces } from '#server/modules/verification/banned-faces.ts'
import {
  createVerificationService,
  type VerificationDeps,
} from '#server/modules/verification/verification.service.ts'

/**
 * The node's face models (ADR 28), loaded in their thread at the first image and closed with the
 * app, and what uses them: the ban list of faces (issue 60) and the live check.
 */
export function startFaces(
  app: FastifyInstance,
  database: Database,
  { measureBanned, ...deps }: Omit<VerificationDeps, 'faces' | 'bannedFaces'> & { measureBanned: () => void },
) {
  const faces = createFaceAnalyzer()
  app.addHook('onClose', () => faces.close())
  const bannedFaces = createBannedFaces(database.db, {
    faces,
    media: deps.media,
    now: deps.now,
    kick: measureBanned,
  })
  const verification = createVerificationService(database.db, { ...deps, faces, bannedFaces })
  return { bannedFaces, verification }
}

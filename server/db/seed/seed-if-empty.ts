import type { FastifyInstance } from 'fastify'
import type { Env } from '#server/env.ts'
import { openMediaStore } from '#server/lib/media-store.ts'
import { createProgressBar } from '#server/lib/progress-bar.ts'
import { hasDemoMembers, seedDemoMembers } from './demo-members.ts'

/** On a database without demo members, creates SEED_MEMBERS of them (npm start, npm run dev). */
export async function seedIfEmpty(app: FastifyInstance, env: Env): Promise<void> {
  if (env.SEED_MEMBERS === 0 || env.NODE_ENV === 'test' || (await hasDemoMembers(app.database.db))) return
  app.log.info(`Empty database: creating ${env.SEED_MEMBERS} demo members`)
  await seedDemoMembers(app.database.db, {
    members: env.SEED_MEMBERS,
    seed: 42,
    media: openMediaStore(env),
    onProgress: createProgressBar('Demo members'),
  })
}

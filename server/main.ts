import path from 'node:path'
import { buildApp } from './app.ts'
import { hasDemoMembers, seedDemoMembers } from './db/seed/demo-members.ts'
import { readEnv } from './env.ts'
import { createProgressBar } from './lib/progress-bar.ts'

const env = readEnv()
const app = await buildApp({ env })

if (env.SEED_MEMBERS > 0 && env.NODE_ENV !== 'test' && !(await hasDemoMembers(app.database.db))) {
  app.log.info(`Empty database: creating ${env.SEED_MEMBERS} demo members`)
  await seedDemoMembers(app.database.db, {
    members: env.SEED_MEMBERS,
    seed: 42,
    mediaDir: path.join(env.DATA_DIR, 'media'),
    onProgress: createProgressBar('Demo members'),
  })
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`)
    app.close().then(() => process.exit(0))
  })
}

await app.listen({ port: env.PORT, host: env.HOST })

import { parseArgs } from 'node:util'
import { openDatabase } from '../server/db/client.ts'
import { ensureReferenceData } from '../server/db/reference/ensure-reference-data.ts'
import { seedDemoMembers } from '../server/db/seed/demo-members.ts'
import { readEnv } from '../server/env.ts'
import { openMediaStore } from '../server/lib/media-store.ts'
import { createProgressBar } from '../server/lib/progress-bar.ts'

const { values } = parseArgs({
  options: {
    members: { type: 'string' },
    seed: { type: 'string', default: '42' },
    batch: { type: 'string' },
  },
})
const env = readEnv()
const members = values.members ? Number(values.members) : env.SEED_MEMBERS
const seed = Number(values.seed)
if (!Number.isInteger(members) || members < 0 || !Number.isInteger(seed)) {
  console.error('Usage: npm run db:seed -- [--members N] [--seed S]')
  process.exit(2)
}
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR })
await database.migrate()
await ensureReferenceData(database.db)
const started = Date.now()
const result = await seedDemoMembers(database.db, {
  members,
  seed,
  media: openMediaStore(env),
  batchSize: values.batch ? Number(values.batch) : undefined,
  onProgress: createProgressBar('Demo members'),
})
console.log(
  `Seeded ${result.members} members with ${result.photos} photos on ${database.kind} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
)
await database.close()

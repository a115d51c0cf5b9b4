// npm run db:migrate: applies the committed migrations (the server also does this at start).
import { openDatabase } from '../server/db/client.ts'
import { ensureReferenceData } from '../server/db/reference/ensure-reference-data.ts'
import { readEnv } from '../server/env.ts'

const env = readEnv()
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR })
await database.migrate()
await ensureReferenceData(database.db)
console.log(`Migrations applied on ${database.kind}`)
await database.close()

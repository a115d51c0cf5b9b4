// npm run db:dump -- FILE: the embedded database (DATA_DIR/pg) into one file, the server stopped.
// On PostgreSQL (DATABASE_URL), pg_dump does it: docs/production.md, "Backups".
import { dumpEmbedded } from '../server/db/backup.ts'
import { readEnv } from '../server/env.ts'

const env = readEnv()
const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run db:dump -- FILE (for example backup.tar.gz)')
  process.exit(1)
}
if (env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump -Fc (docs/production.md, "Backups").')
  process.exit(1)
}
try {
  const bytes = await dumpEmbedded(env.DATA_DIR, file)
  console.log(
    `The embedded database of ${env.DATA_DIR} is in ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`,
  )
} catch (error) {
  console.error(`Cannot dump: ${(error as Error).message}`)
  process.exit(1)
}

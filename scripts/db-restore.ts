// npm run db:restore -- FILE: a dump of npm run db:dump back as DATA_DIR/pg (which must not exist).
import { restoreEmbedded } from '../server/db/backup.ts'
import { readEnv } from '../server/env.ts'

const env = readEnv()
const file = process.argv[2]
if (!file) {
  console.error('Usage: npm run db:restore -- FILE')
  process.exit(1)
}
try {
  await restoreEmbedded(file, env.DATA_DIR)
  console.log(`${file} is the embedded database of ${env.DATA_DIR} again; npm start opens it.`)
} catch (error) {
  console.error(`Cannot restore: ${(error as Error).message}`)
  process.exit(1)
}

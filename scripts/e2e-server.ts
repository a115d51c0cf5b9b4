// The server Playwright tests run against: a fresh embedded database every run. The console's staff
// are made once it runs, as the README says (`npm run staff` while the server holds the database):
// tests/e2e/staff.setup.ts.
import { rmSync } from 'node:fs'
import { readEnv } from '../server/env.ts'

rmSync(readEnv().DATA_DIR, { recursive: true, force: true })
await import('../server/main.ts')

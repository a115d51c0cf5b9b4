// The server Playwright tests run against: a fresh embedded database every run.
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { readEnv } from '../server/env.ts'
import { E2E_ADMIN } from '../tests/e2e/staff-account.ts'

rmSync(readEnv().DATA_DIR, { recursive: true, force: true })
// The console's first admin, made as the README says: the command line, on the fresh data directory,
// before the server starts (tests/e2e/console.spec.ts enrolls and logs in).
const made = spawnSync(
  process.execPath,
  [
    'scripts/staff.ts',
    'create',
    '--email',
    E2E_ADMIN.email,
    '--role',
    'admin',
    '--password',
    E2E_ADMIN.password,
  ],
  { stdio: 'inherit' },
)
if (made.status !== 0) process.exit(made.status ?? 1)
await import('../server/main.ts')

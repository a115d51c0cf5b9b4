// The server Playwright tests run against: a fresh embedded database every run.
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { readEnv } from '../server/env.ts'
import { E2E_STAFF, E2E_STAFF_KEYS } from '../tests/e2e/staff-account.ts'

rmSync(readEnv().DATA_DIR, { recursive: true, force: true })
// The console's staff, made as the README says: the command line, on the fresh data directory,
// before the server starts. Their authenticator keys go to a file the console tests read.
const keys: Record<string, string> = {}
for (const account of E2E_STAFF) {
  const made = spawnSync(
    process.execPath,
    [
      'scripts/staff.ts',
      'create',
      '--email',
      account.email,
      '--role',
      account.role,
      '--password',
      account.password,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  )
  process.stdout.write(made.stdout)
  if (made.status !== 0) process.exit(made.status ?? 1)
  keys[account.email] = new URL(made.stdout.trim().split('\n').at(-1) ?? '').searchParams.get('secret') ?? ''
}
mkdirSync('.tmp', { recursive: true })
writeFileSync(E2E_STAFF_KEYS, JSON.stringify(keys))
await import('../server/main.ts')

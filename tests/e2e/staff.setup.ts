import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { E2E_DATA_DIR, E2E_STAFF, E2E_STAFF_KEYS } from './staff-account.ts'

const run = promisify(execFile)

// The console's staff, made as a newcomer makes the first admin (README): `npm run staff` in a second
// terminal while the server runs, which hands the command to the server holding the embedded
// database. Their authenticator keys go to a file the console tests read.
test('staff accounts are made with npm run staff while the server runs', async () => {
  const keys: Record<string, string> = {}
  await Promise.all(
    E2E_STAFF.map(async (account) => {
      const { stdout } = await run(
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
        { env: { ...process.env, DATA_DIR: E2E_DATA_DIR } },
      )
      expect(stdout).toContain('The running server holds the embedded database: it made the account.')
      expect(stdout).toContain(`Staff account ${account.email} (${account.role}) created.`)
      const link = new URL(stdout.trim().split('\n').at(-1) ?? '')
      keys[account.email] = link.searchParams.get('secret') ?? ''
    }),
  )
  mkdirSync('.tmp', { recursive: true })
  writeFileSync(E2E_STAFF_KEYS, JSON.stringify(keys))
})

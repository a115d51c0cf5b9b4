import { execFile } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { E2E_DATA_DIR, E2E_STAFF, E2E_STAFF_KEYS } from './staff-account.ts'

const run = promisify(execFile)

// The console's staff, made as a newcomer makes the first admin (README): `npm run staff` in a second
// terminal while the server runs, which hands the command to the server holding the embedded
// database. The password goes in a file, as a script would (never on the command line: npm echoes
// it). Their authenticator keys go to a file the console tests read.
test('staff accounts are made with npm run staff while the server runs', async () => {
  const keys: Record<string, string> = {}
  mkdirSync('.tmp', { recursive: true })
  await Promise.all(
    E2E_STAFF.map(async (account) => {
      const passwordFile = `.tmp/staff-password-${account.email}`
      writeFileSync(passwordFile, `${account.password}\n`, { mode: 0o600 })
      const { stdout } = await run(
        process.execPath,
        [
          'scripts/staff.ts',
          'create',
          '--email',
          account.email,
          '--role',
          account.role,
          '--password-file',
          passwordFile,
        ],
        { env: { ...process.env, DATA_DIR: E2E_DATA_DIR } },
      )
      const database = `the embedded database in ${path.resolve(E2E_DATA_DIR, 'pg')}`
      expect(stdout).toContain(`The running server holds ${database}: it made the account.`)
      expect(stdout).toContain(`Staff account ${account.email} (${account.role}) created in ${database}.`)
      rmSync(passwordFile)
      const link = new URL(stdout.trim().split('\n').at(-1) ?? '')
      keys[account.email] = link.searchParams.get('secret') ?? ''
    }),
  )
  writeFileSync(E2E_STAFF_KEYS, JSON.stringify(keys))
})

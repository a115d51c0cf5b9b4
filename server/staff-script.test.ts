import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// Issue 55, point 8 (ADR 13, round 4): `npm run staff` takes no password from its command line,
// names the database it wrote to, and makes no new one unless asked.

const root = path.resolve(import.meta.dirname, '..')
const dataDir = mkdtempSync(path.join(tmpdir(), 'staff-script-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const PASSWORD = 'granite-orchard-73'

function run(args: string[], input?: string) {
  const child = spawn(process.execPath, ['scripts/staff.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  })
  return finished(child, input)
}

function finished(child: ChildProcess, input?: string) {
  let out = ''
  child.stdout?.on('data', (d) => {
    out += d
  })
  child.stderr?.on('data', (d) => {
    out += d
  })
  if (input !== undefined) child.stdin?.end(input)
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, out })),
  )
}

describe('npm run staff', () => {
  it('refuses a password on the command line', async () => {
    const { code, out } = await run([
      'create',
      '--email',
      'a@example.com',
      '--role',
      'admin',
      '--password',
      PASSWORD,
    ])
    expect(code).toBe(2)
    expect(out).toContain('A password on the command line is echoed by npm')
  })

  it('makes no new database in a data directory that has none, unless asked', async () => {
    const file = path.join(dataDir, 'password')
    writeFileSync(file, `${PASSWORD}\n`)
    const refused = await run([
      'create',
      '--email',
      'first@example.com',
      '--role',
      'admin',
      '--password-file',
      file,
    ])
    expect(refused.code).toBe(1)
    expect(refused.out).toContain(`There is no embedded database in ${dataDir}.`)
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(false)

    const made = await run([
      'create',
      '--email',
      'first@example.com',
      '--role',
      'admin',
      '--password-file',
      file,
      '--new-database',
    ])
    expect(made.code).toBe(0)
    expect(made.out).toContain(
      `Staff account first@example.com (admin) created in the embedded database in ${path.join(dataDir, 'pg')}.`,
    )
    expect(made.out).not.toContain(PASSWORD)
  }, 120_000)

  it('reads the password from standard input, and at a terminal from a prompt that does not show it', async () => {
    const piped = await run(
      ['create', '--email', 'second@example.com', '--role', 'support', '--password-file', '-'],
      `${PASSWORD}\n`,
    )
    expect(piped.code).toBe(0)
    expect(piped.out).toContain('Staff account second@example.com (support) created')

    // A terminal (script(1) gives the command one): the password is typed twice, never echoed.
    const child = spawn(
      'script',
      ['-qec', 'node scripts/staff.ts create --email third@example.com --role moderator', '/dev/null'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    )
    const done = finished(child)
    let seen = ''
    const waitFor = (text: string) =>
      new Promise<void>((resolve) => {
        const check = (d: Buffer) => {
          seen += d
          if (seen.includes(text)) {
            child.stdout?.off('data', check)
            resolve()
          }
        }
        child.stdout?.on('data', check)
      })
    await waitFor('(at least 12 characters): ')
    child.stdin?.write(`${PASSWORD}\r`)
    await waitFor(', again: ')
    child.stdin?.write(`${PASSWORD}\r`)
    const { code, out } = await done
    expect(code).toBe(0)
    expect(out).toContain('Staff account third@example.com (moderator) created')
    expect(out).not.toContain(PASSWORD)
  }, 120_000)
})

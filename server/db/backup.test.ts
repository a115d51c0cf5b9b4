import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { logIn, signupMember } from '../../tests/support/accounts.ts'
import { buildApp } from '../app.ts'
import { readEnv } from '../env.ts'
import { dumpEmbedded, restoreEmbedded } from './backup.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dating-backup-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const open = (dataDir: string) =>
  buildApp({
    env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    pages: false,
    jobs: false,
    logger: false,
  })

describe('the embedded database’s backup (npm run db:dump / db:restore)', () => {
  it('dumps a stopped database into one file that restores, elsewhere, into the same site', async () => {
    const original = tempDir()
    const app = await open(original)
    const member = await signupMember(app)
    // The server holds its database: npm run db:dump meanwhile is refused, naming the process.
    const file = path.join(tempDir(), 'backup.tar.gz')
    const busy = spawnSync(process.execPath, ['scripts/db-dump.ts', file], {
      env: { ...process.env, DATA_DIR: original, DATABASE_URL: '' },
      encoding: 'utf8',
    })
    expect(busy.status).toBe(1)
    expect(busy.stderr).toContain(
      `Cannot dump: The embedded database in ${original} is open in process ${process.pid}`,
    )
    await app.close()

    expect(await dumpEmbedded(original, file)).toBe(statSync(file).size)
    const restored = tempDir()
    await restoreEmbedded(file, restored)
    // Not over a database that is there.
    await expect(restoreEmbedded(file, restored)).rejects.toThrow('holds a database already')

    const again = await open(restored)
    const login = await logIn(again, member)
    expect(login.statusCode).toBe(200)
    expect(login.json().user.id).toBe(member.user.id)
    await again.close()
  }, 60_000)
})

// npm run test:faults: the production guide's PostgreSQL backup (docs/production.md, "Backups"),
// done once for real: pg_dump of a live site, pg_restore into a new database, a member logs in there.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { readEnv } from '#server/env.ts'
import { logIn, signupMember } from '../support/accounts.ts'
import { missingPrograms, PG_BIN, PostgresServer } from '../support/cluster.ts'

const missing = missingPrograms().filter((m) => m.startsWith('PostgreSQL'))
let dir: string
let pg: PostgresServer

const open = (url: string) =>
  buildApp({
    env: readEnv({ NODE_ENV: 'test', DATABASE_URL: url }),
    pages: false,
    jobs: false,
    logger: false,
  })

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command}: ${result.stderr}`)
}

describe.skipIf(missing.length > 0)('PostgreSQL backup with pg_dump and pg_restore', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dating-pgbackup-'))
    pg = await PostgresServer.create(dir)
  }, 60_000)
  afterAll(() => {
    pg?.kill()
    rmSync(dir, { recursive: true, force: true })
  })

  it('restores a dump of the live site into a new database where its members log in', async () => {
    const app = await open(pg.url)
    const member = await signupMember(app)
    // While the site runs: pg_dump takes a consistent snapshot.
    const file = path.join(dir, 'dating.dump')
    run(`${PG_BIN}/pg_dump`, ['-Fc', '-d', pg.url, '-f', file])
    await app.close()

    const restoredUrl = pg.url.replace(/\/postgres$/, '/dating_restored')
    run(`${PG_BIN}/createdb`, ['-h', '127.0.0.1', '-p', String(pg.port), '-U', 'postgres', 'dating_restored'])
    run(`${PG_BIN}/pg_restore`, ['-d', restoredUrl, '--no-owner', file])
    const restored = await open(restoredUrl)
    const login = await logIn(restored, member)
    expect(login.statusCode).toBe(200)
    expect(login.json().user.id).toBe(member.user.id)
    await restored.close()
  }, 60_000)
})

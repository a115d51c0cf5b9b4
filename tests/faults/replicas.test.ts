// npm run test:faults (issue 62, point 1; ADR 39): a primary and a streaming replica of its own. The
// searches and member pages read from the replica; a member's own write is read back at once though
// the replica's replay is paused (read-your-writes by the write's log position); a replica behind by
// more than the bound is left out until it catches up, and one that stops leaves the searches and
// member pages going, those read on it as it stopped read again on the primary. A block holds at
// once: member pages and public profiles read blocks on the primary.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { openDatabase, queryRows } from '#server/db/client.ts'
import { readEnv } from '#server/env.ts'
import { activeMember } from '../support/accounts.ts'
import { missingPrograms, PostgresServer, waitFor } from '../support/cluster.ts'

const missing = missingPrograms()
let dir = ''
let primary: PostgresServer
let replica: PostgresServer
let app: FastifyInstance

/** The replica has replayed everything the primary has written so far. */
const caughtUp = () =>
  waitFor('the replica caught up', async () => {
    const written = primary.psql('select pg_current_wal_lsn()')
    return replica.psql(`select pg_last_wal_replay_lsn() >= '${written}'::pg_lsn`) === 't'
  })

describe.skipIf(missing.length > 0)('replicas serve the reads', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dating-replicas-'))
    // The postgres user must reach the servers' folders (mkdtemp makes this one 700).
    chmodSync(dir, 0o755)
    for (const name of ['primary', 'replica']) mkdirSync(path.join(dir, name))
    primary = await PostgresServer.create(path.join(dir, 'primary'), inject('postgresTemplate') || undefined)
    replica = await PostgresServer.replicaOf(primary, path.join(dir, 'replica'))
    const env = readEnv({
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: primary.url,
      DATABASE_READ_URLS: replica.url,
      // Long enough that a paused replay keeps the replica in: the reader's own write decides.
      REPLICA_MAX_LAG_MS: '60000',
      DATA_DIR: path.join(dir, 'data'),
      PUBLIC_URL: 'http://localhost:3999',
      PAYMENTS: 'sandbox',
      MAIL: 'outbox',
      LOG_LEVEL: 'fatal',
      SIGNUP_LIMIT_PER_HOUR: '100000',
    })
    app = await buildApp({ env, pages: false, jobs: false, logger: false })
    await caughtUp()
    await app.database.reads.check()
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    replica?.kill()
    primary?.kill()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('reads searches and member pages from the replica, and a member’s own write at once from the primary', async () => {
    const writer = await activeMember(app, { name: 'Wendy' })
    const reader = await activeMember(app, { name: 'Rob', gender: 'male' })
    await caughtUp()
    await app.database.reads.check()
    const before = app.database.reads.replicas()[0].reads
    const search = await app.inject({
      url: '/api/members.php?gender=female',
      headers: { cookie: reader.cookie },
    })
    expect(search.statusCode).toBe(200)
    expect(app.database.reads.replicas()[0]).toMatchObject({ healthy: true })
    expect(app.database.reads.replicas()[0].reads).toBeGreaterThan(before)

    // The replica stops replaying: what Wendy writes now is only on the primary.
    replica.psql('select pg_wal_replay_pause()')
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: { cookie: writer.cookie },
      payload: { about: 'Sea kayaking every Sunday, rain or shine.' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const wal = saved.cookies.find((c) => c.name === 'wal')
    expect(wal?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/)
    await app.database.reads.check()
    expect(app.database.reads.replicas()[0].healthy).toBe(true)
    const page = `/api/member.php?id=${writer.user.profile.id}`
    // Wendy reads her page right after: her write is there (the replica has not replayed it).
    const own = await app.inject({ url: page, headers: { cookie: `${writer.cookie}; wal=${wal?.value}` } })
    expect(own.json().profile.about).toBe('Sea kayaking every Sunday, rain or shine.')
    // Rob, who wrote nothing since, reads the replica: the page as it was.
    const stale = await app.inject({ url: page, headers: { cookie: reader.cookie } })
    expect(stale.json().profile.about).not.toBe('Sea kayaking every Sunday, rain or shine.')
    replica.psql('select pg_wal_replay_resume()')
    await caughtUp()
    const fresh = await app.inject({ url: page, headers: { cookie: reader.cookie } })
    expect(fresh.json().profile.about).toBe('Sea kayaking every Sunday, rain or shine.')

    // Wendy blocks Rob while the replica replays nothing: the block holds for Rob at once, on her
    // page and on her public profile (a complaint's), both read where blocks are written.
    replica.psql('select pg_wal_replay_pause()')
    try {
      const block = await app.inject({
        method: 'POST',
        url: '/api/block.php',
        headers: { cookie: writer.cookie },
        payload: { profile: reader.user.profile.id },
      })
      expect(block.json()).toEqual({ blocked: true })
      const refused = await app.inject({ url: page, headers: { cookie: reader.cookie } })
      expect(refused.statusCode).toBe(403)
      await expect(
        app.services.members.getPublicProfile(writer.user.profile.id, '', reader.user.id),
      ).rejects.toMatchObject({ code: 'member.blocked' })
    } finally {
      replica.psql('select pg_wal_replay_resume()')
    }
    await caughtUp()
  })

  it('leaves out a replica behind by more than the bound until it catches up, and the primary serves meanwhile', async () => {
    const database = await openDatabase({
      url: primary.url,
      replicas: { urls: [replica.url], maxLagMs: 300 },
    })
    const { reads } = database
    const servedByReplica = async () =>
      (await queryRows<{ standby: boolean }>(reads.db, sql`select pg_is_in_recovery() as standby`))[0].standby
    try {
      await waitFor('the replica in', async () => reads.replicas()[0].healthy)
      expect(await servedByReplica()).toBe(true)
      replica.psql('select pg_wal_replay_pause()')
      primary.psql('create table if not exists lag_probe (n int); insert into lag_probe values (1)')
      await waitFor('the replica left out', async () => !reads.replicas()[0].healthy, 5000)
      expect(await servedByReplica()).toBe(false)
      replica.psql('select pg_wal_replay_resume()')
      await waitFor('the replica back in', async () => reads.replicas()[0].healthy, 5000)
      expect(await servedByReplica()).toBe(true)
    } finally {
      await database.close()
    }
  })

  it('goes on answering member pages and searches when the replica stops under them', async () => {
    const member = await activeMember(app, { name: 'Sam', gender: 'male' })
    await caughtUp()
    await app.database.reads.check()
    const page = `/api/member.php?id=${member.user.profile.id}`
    // A visitor's page is read on the replica (no session to read first), over a kept connection.
    const before = app.database.reads.replicas()[0].reads
    expect((await app.inject({ url: page })).statusCode).toBe(200)
    expect(app.database.reads.replicas()[0].reads).toBeGreaterThan(before)
    // The replica stops (pg_ctl waits for it): this node has not heard yet, and reads it again at once.
    replica.stop()
    expect(app.database.reads.replicas()[0].healthy).toBe(true)
    const read = await app.inject({ url: page })
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json().profile.name).toBe('Sam')
    expect(app.database.reads.replicas()[0].healthy).toBe(false)
    await app.database.reads.check()
    const search = await app.inject({
      url: '/api/members.php?gender=female',
      headers: { cookie: member.cookie },
    })
    expect(search.statusCode, search.body).toBe(200)
    replica.start()
    await waitFor('the replica back', async () => {
      await app.database.reads.check()
      return app.database.reads.replicas()[0].healthy
    })
  })
})

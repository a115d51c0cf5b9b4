// npm run test:faults (issue 62, points 2 and 3; ADR 39): the failover drill. pg_auto_failover's
// monitor, a primary and a synchronous standby, Redis, two app nodes and nginx, all real processes;
// members send messages, buy credits and search without pause, and the primary dies with kill -9.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type Database, openDatabase, queryRows } from '#server/db/client.ts'
import { type Cluster, startApps } from '../support/app-cluster.ts'
import { missingPrograms, sleep, waitFor } from '../support/cluster.ts'
import { call, type Member, newMember } from '../support/cluster-members.ts'
import { Drill, expectNothingLostOrTwice, webhookUntilPaid } from '../support/drill.ts'
import { AutoFailover, hasAutoFailover } from '../support/failover.ts'

const missing = [
  ...missingPrograms(),
  ...(hasAutoFailover() ? [] : ['pg_autoctl (postgresql-15-auto-failover)']),
]
// CI installs all of them (.ci/run): there, a missing one is a failure, not a reason to skip.
if (missing.length > 0 && process.env.CI) throw new Error(`the failover drill needs ${missing.join(', ')}`)

let dir = ''
let pg: AutoFailover
let apps: Pick<Cluster, 'redis' | 'nodes' | 'nginx' | 'close'>
let database: Database
let pids: Array<number | undefined>

const seconds = (ms: number) => (ms / 1000).toFixed(1)

describe.skipIf(missing.length > 0)('failover by pg_auto_failover', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dating-failover-'))
    // The postgres user must reach the servers' folders (mkdtemp makes this one 700).
    chmodSync(dir, 0o755)
    pg = await AutoFailover.create(path.join(dir, 'pg'), inject('postgresTemplate'))
    database = await openDatabase({ url: pg.url })
    // The buyers buy every few seconds: the sites' spending check-ins (three purchases an hour, a
    // day's amount) would stop them, as they should stop a member (ADR 32), so this site has none.
    await database.db.execute(
      sql`update sites set settings = settings || '{"check_in_hour_purchases": 0, "check_in_day_amount": 0}'::jsonb`,
    )
    apps = await startApps(dir, {
      DATABASE_URL: pg.url,
      // Both nodes: whichever is the standby serves the searches.
      DATABASE_READ_URLS: pg.nodes.map((n) => n.url).join(','),
    })
    pids = apps.nodes.map((n) => n.process?.pid)
  }, 180_000)
  afterAll(async () => {
    await database?.close().catch(() => {})
    await apps?.close()
    await pg?.close()
    if (dir && !process.env.FAULTS_DEBUG) rmSync(dir, { recursive: true, force: true })
  })

  async function members() {
    const base = apps.nginx.base
    // The test's own connections follow the primary too: the first after a failover may meet the old one.
    await waitFor('the primary, for the test', async () => {
      await database.ping()
      return true
    })
    const reader = await newMember(base, database, 'Rita')
    const senders: Member[] = []
    for (let i = 0; i < 6; i++) senders.push(await newMember(base, database, `Sam${i}`, 100_000))
    const buyers = [await newMember(base, database, 'Bea'), await newMember(base, database, 'Bob')]
    const searchers = [await newMember(base, database, 'Sue'), await newMember(base, database, 'Sid')]
    return { base, reader, senders, buyers, searchers }
  }

  it('kill -9 of the primary: nothing acknowledged is lost or doubled, writes wait under 10 s, reads never stop, the old primary rejoins as a standby', async () => {
    const { base, reader, senders, buyers, searchers } = await members()
    // The primary commits once its standby has the transaction (pg_auto_failover's quorum of one).
    const replication = await queryRows<{ sync_state: string }>(
      database.db,
      sql`select sync_state from pg_stat_replication`,
    )
    expect(replication.map((r) => r.sync_state)).toEqual(['quorum'])
    const drill = new Drill(base)
    for (const sender of senders) drill.sending(sender, reader)
    for (const buyer of buyers) drill.buying(buyer)
    for (const searcher of searchers) drill.searching(searcher)
    await sleep(3000)
    const killedAt = Date.now()
    pg.node('node1').kill()
    await pg.waitForStates({ node2: 'wait_primary' }, 30_000)
    const promotedIn = Date.now() - killedAt
    await sleep(4000)
    await drill.stop()
    // What the monitor did, in ms from the kill: for the log, and the ADR's figures.
    const timeline = pg
      .monitor(
        `select (extract(epoch from eventtime) * 1000)::bigint - ${killedAt} || ' ms ' || nodename || ' ' || goalstate from pgautofailover.event where eventtime > to_timestamp(${killedAt / 1000}) and reportedstate <> goalstate order by eventid`,
      )
      .replaceAll('\n', ', ')

    // The writes refused after the kill: 503 with Retry-After, never a 500, for at most 10 s.
    const failed = drill.failedWrites(killedAt)
    for (const answer of failed) {
      expect(answer).toMatchObject({ status: 503, retryAfter: '5' })
      if (answer.code) expect(answer.code).toBe('server.unavailable')
    }
    const unavailableFor = failed.length ? Math.max(...failed.map((a) => a.at)) - killedAt : 0
    expect(unavailableFor).toBeLessThan(10_000)
    expect(drill.answers.filter((a) => a.at < killedAt && a.status >= 400)).toEqual([])
    // The reads never stopped: every search answered, the slowest within the page's patience.
    const searches = drill.answers.filter((a) => a.kind === 'search')
    const unanswered = searches.filter((a) => a.status !== 200).map((a) => ({ ...a, at: a.at - killedAt }))
    expect(unanswered).toEqual([])
    const slowestRead = Math.max(...searches.map((a) => a.ms))
    expect(slowestRead).toBeLessThan(5000)
    // Writes work again after it, through both nodes, which were never restarted.
    const after = drill.answers.filter((a) => a.kind !== 'search' && a.at > killedAt + unavailableFor)
    expect(after.length).toBeGreaterThan(10)
    expect(apps.nodes.map((n) => n.process?.pid)).toEqual(pids)
    for (const node of apps.nodes) expect((await fetch(`${node.base}/readyz`)).ok).toBe(true)

    // What the provider pays is taken once, whenever its webhook gets through.
    for (const bought of drill.purchased.values())
      for (const id of bought) await webhookUntilPaid(base, database, id)
    await expectNothingLostOrTwice(database, drill)

    // The old primary comes back as a standby of the new one (pg_rewind), and is synchronous again.
    const restartedAt = Date.now()
    pg.node('node1').run()
    await pg.waitForStates({ node1: 'secondary', node2: 'primary' }, 90_000)
    const rejoinedIn = Date.now() - restartedAt
    const sent = await call(base, senders[0], 'POST', '/api/message.php', {
      profile: reader.profileId,
      text: 'after the rejoin',
      client_id: `rejoin-${Date.now()}`,
    })
    expect(sent.status).toBe(200)

    const messages = [...drill.acknowledged.values()].reduce((n, ids) => n + ids.length, 0)
    const purchases = [...drill.purchased.values()].reduce((n, ids) => n + ids.length, 0)
    console.log(
      `failover drill: standby took writes ${seconds(promotedIn)} s after kill -9 of the primary; writes answered 503 for ${seconds(unavailableFor)} s (${failed.length} answers); ${searches.length} searches all 200 (slowest ${slowestRead} ms); ${messages} messages and ${purchases} purchases acknowledged, each stored and counted once; old primary a standby again ${seconds(rejoinedIn)} s after its restart. The monitor: ${timeline}`,
    )
  }, 240_000)

  it('a standby that stops: searches go on, and writes go on without it', async () => {
    const { base, reader, senders, searchers } = await members()
    const standby = pg.node('node1')
    const drill = new Drill(base)
    for (const sender of senders.slice(0, 3)) drill.sending(sender, reader)
    for (const searcher of searchers) drill.searching(searcher)
    await sleep(2000)
    const stoppedAt = Date.now()
    standby.kill()
    await pg.waitForStates({ node2: 'wait_primary' }, 30_000)
    await sleep(3000)
    await drill.stop()
    const searches = drill.answers.filter((a) => a.kind === 'search')
    expect(searches.filter((a) => a.status !== 200)).toEqual([])
    expect(drill.failedWrites(stoppedAt)).toEqual([])
    const writes = drill.answers.filter((a) => a.kind === 'message' && a.at > stoppedAt)
    const slowestWrite = Math.max(...writes.map((a) => a.ms))
    await expectNothingLostOrTwice(database, drill)
    standby.run()
    await pg.waitForStates({ node1: 'secondary', node2: 'primary' }, 90_000)
    console.log(
      `standby stopped: ${searches.length} searches all 200; writes went on (slowest ${slowestWrite} ms while the monitor let the primary commit alone)`,
    )
    await waitFor('both nodes ready', async () => (await fetch(`${apps.nodes[0].base}/readyz`)).ok)
  }, 180_000)
})

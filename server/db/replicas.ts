import { AsyncLocalStorage } from 'node:async_hooks'
import pg from 'pg'
import { isDatabaseUnavailable } from '#server/lib/unavailable.ts'
import type { Db } from './client.ts'
import { readAgainIfLost } from './read-again.ts'

// Replicas that serve the reads (issue 62, point 1; ADR 39): PostgreSQL's streaming replicas, read
// by the searches, public profiles, landers and counts; every write, and what a member reads right
// after their own write, stays on the primary until a replica has replayed that write (its log
// position, carried by the member's requests). A replica behind by more than the bound is left out
// until it catches up; with none healthy, reads go to the primary.

/** A log position as PostgreSQL writes it ("16/B374D848"), as a number to compare. */
function walPosition(lsn: string): bigint {
  const [hi, lo] = lsn.split('/')
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`)
}

/** How a routed reads' database answers which database a read goes to now. */
const PICK = Symbol('pick')
/** How a routed reads' database is told that a read failed on the database it picked. */
const FAILED = Symbol('failed')
/** While a query is built for a database picked already (pinnedTo), the routed database is that one. */
let pinned: Db | null = null

/** The database a routed read goes to now (a replica or the primary); any other as it is. */
function readTarget<T extends object>(db: T): T {
  const pick = (db as { [PICK]?: () => T })[PICK]
  return typeof pick === 'function' ? pick() : db
}

/**
 * Runs a read on the database readTarget picks; if that was a replica and the read lost its
 * connection (the replica stopped under it), the replica is left out at once and the read runs
 * again where the reads go now: a replica that dies costs a search time, not an error.
 */
export function readRetried<D extends object, T>(db: D, run: (target: D) => Promise<T>): Promise<T> {
  const failed = (db as { [FAILED]?: (target: D, error: unknown) => boolean })[FAILED]
  let target = readTarget(db)
  return readAgainIfLost(
    () => run(target),
    (error) => {
      if (!failed?.(target, error)) return false
      target = readTarget(db)
      return true
    },
  )
}

/** Reads on `db` (a routed reads' database or any other), each one through readRetried. */
export function readsOn<D extends object>(db: D) {
  return <T>(run: (target: D) => Promise<T>): Promise<T> => readRetried(db, run)
}

/**
 * Builds a query (synchronously) against `target`, a database readTarget picked: a prepared query
 * is made once per database, and must be made on the one it will run on.
 */
export function pinnedTo<T>(target: object, build: () => T): T {
  pinned = target as Db
  try {
    return build()
  } finally {
    pinned = null
  }
}

/** The reader's last write (a log position), for the request being served. */
const readerPosition = new AsyncLocalStorage<bigint | null>()

/** Runs `fn` for a reader whose last write is at `lsn`: its replica reads wait for that write. */
export function readingAfter<T>(lsn: string | null, fn: () => T): T {
  let position: bigint | null = null
  if (lsn && /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i.test(lsn)) position = walPosition(lsn)
  return readerPosition.run(position, fn)
}

interface Replica {
  name: string
  pool: pg.Pool
  db: Db
  /** What it has replayed, and how far behind it is, at its last check. */
  replayed: bigint
  lagMs: number
  healthy: boolean
  /** Reads it served, for the metrics and the tests. */
  reads: number
}

export interface Reads {
  /** Reads that may be served by a replica: the healthy one that has the reader's last write, else the primary. */
  db: Db
  /** Whether replicas are configured. */
  replicated: boolean
  /** The primary's log position now, after a write (null without replicas). */
  position(): Promise<string | null>
  /** Each replica's state, as last checked. */
  replicas(): Array<Pick<Replica, 'name' | 'healthy' | 'lagMs' | 'reads'>>
  /** Checks every replica now (a timer does every `checkMs`). */
  check(): Promise<void>
  close(): Promise<void>
}

/** How a replica says where it stands: what it replayed, and how old that is while WAL waits to be replayed. */
const STANDING = `select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed,
  case when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0
    else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0) end as lag_ms`

/**
 * The reads over the primary and the replicas at `urls`. `makeDb` wraps a replica's pool as the
 * primary's is (drizzle, the schema). Without replicas, `db` is the primary.
 */
export function openReads(
  primary: { db: Db; query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }> },
  urls: string[],
  opts: { maxLagMs: number; checkMs: number; poolSize: number; makeDb: (pool: pg.Pool) => Db },
): Reads {
  if (urls.length === 0)
    return {
      db: primary.db,
      replicated: false,
      position: async () => null,
      replicas: () => [],
      check: async () => {},
      close: async () => {},
    }
  const replicas: Replica[] = urls.map((url, i) => {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize, connectionTimeoutMillis: 2000 })
    const replica: Replica = {
      name: `replica ${i + 1}`,
      pool,
      db: opts.makeDb(pool),
      replayed: 0n,
      lagMs: 0,
      healthy: false,
      reads: 0,
    }
    // A replica whose connection is lost is left out at once, until its next check finds it well.
    pool.on('error', () => {
      replica.healthy = false
    })
    return replica
  })
  async function checkOne(replica: Replica) {
    try {
      const { rows } = await replica.pool.query({ text: STANDING, query_timeout: opts.checkMs * 2 } as never)
      const row = rows[0] as { standby: boolean; replayed: string | null; lag_ms: number }
      replica.replayed = row.replayed ? walPosition(row.replayed) : 0n
      replica.lagMs = Number(row.lag_ms)
      replica.healthy = row.standby && row.replayed !== null && replica.lagMs <= opts.maxLagMs
    } catch {
      replica.healthy = false
    }
  }
  const check = async () => {
    await Promise.all(replicas.map(checkOne))
  }
  const timer = setInterval(() => void check(), opts.checkMs)
  timer.unref()
  void check()
  let next = 0
  /** The database for one read: a healthy replica with the reader's last write, in turn, else the primary. */
  function pick(): Db {
    const after = readerPosition.getStore() ?? null
    const fit = replicas.filter((r) => r.healthy && (after === null || r.replayed >= after))
    if (fit.length === 0) return primary.db
    const replica = fit[next++ % fit.length]
    replica.reads++
    return replica.db
  }
  /** A read failed on `target`: a replica that lost its connection is left out, and the read may run again. */
  function failed(target: object, error: unknown) {
    const replica = replicas.find((r) => r.db === target)
    if (!replica || !isDatabaseUnavailable(error)) return false
    replica.healthy = false
    return true
  }
  const db = new Proxy({} as Db, {
    get(_target, property) {
      if (property === PICK) return pick
      if (property === FAILED) return failed
      const target = pinned ?? pick()
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return {
    db,
    replicated: true,
    async position() {
      const { rows } = await primary.query('select pg_current_wal_lsn()::text as lsn')
      return String(rows[0].lsn)
    },
    replicas: () => replicas.map(({ name, healthy, lagMs, reads }) => ({ name, healthy, lagMs, reads })),
    check,
    async close() {
      clearInterval(timer)
      await Promise.all(replicas.map((r) => r.pool.end()))
    },
  }
}

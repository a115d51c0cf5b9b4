import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { cube } from '@electric-sql/pglite/contrib/cube'
import type { SQL } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { applyDatabaseFunctions } from './functions.ts'
import { openPool, POOL_SIZE } from './pool.ts'
import { locatePrimary, type Primary } from './primary.ts'
import { primaryReads } from './read-again.ts'
import { openReads, type Reads } from './replicas.ts'
import * as accounts from './schema/accounts.ts'
import * as calls from './schema/calls.ts'
import * as chat from './schema/chat.ts'
import * as complaints from './schema/complaints.ts'
import * as likes from './schema/likes.ts'
import * as members from './schema/members.ts'
import * as moderation from './schema/moderation.ts'
import * as notifications from './schema/notifications.ts'
import * as operators from './schema/operators.ts'
import * as payments from './schema/payments.ts'
import * as profilePrompts from './schema/profile-prompts.ts'
import * as reference from './schema/reference.ts'
import * as sites from './schema/sites.ts'
import * as spending from './schema/spending.ts'
import * as staff from './schema/staff.ts'
import * as statistics from './schema/statistics.ts'
import * as voicePrompts from './schema/voice-prompts.ts'

const schema = {
  ...sites,
  ...reference,
  ...members,
  ...accounts,
  ...complaints,
  ...likes,
  ...chat,
  ...payments,
  ...spending,
  ...staff,
  ...moderation,
  ...operators,
  ...profilePrompts,
  ...statistics,
  ...notifications,
  ...voicePrompts,
  ...calls,
}
type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A database or an open transaction: what every query function takes. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'selectDistinct'>

/** Runs raw SQL and answers its rows (node-postgres and PGlite both answer `{ rows }`). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

type PreparingExecutor = {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> }
  }
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } }
}
const statementNames = new Map<string, string>()

/**
 * Like queryRows, as a named prepared statement: PostgreSQL parses it once per connection and,
 * after a few runs, reuses its plan. For the hot paths only, whose SQL text comes in a few fixed
 * shapes; the name is derived from the text, so one name never means two statements.
 */
export async function queryPreparedRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as PreparingExecutor
  const built = dialect.sqlToQuery(query)
  let name = statementNames.get(built.sql)
  if (name === undefined) {
    name = `s_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`
    if (statementNames.size < 1000) statementNames.set(built.sql, name)
  }
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] }
  return result.rows
}

/** Whether a database error (possibly wrapped by Drizzle) is a unique violation of this constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  type DbError = { code?: string; constraint?: string; cause?: unknown }
  for (let e = error as DbError | undefined; e; e = e.cause as DbError | undefined) {
    if (e.code === '23505' && e.constraint === constraint) return true
  }
  return false
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

export interface Database {
  db: Db
  /**
   * Two connections of their own (PostgreSQL) for the small query every request starts with, its
   * session: under load the pool's connections all run searches and the rest wait their turn, and
   * a request whose first step queued there waited twice (bench:search-ceiling). The same database
   * as `db` on the embedded one.
   */
  lane: Db
  /** Runs a read on the primary once more when a failover cut its connection (ADR 39); else once. */
  readAgain: <T>(read: () => Promise<T>) => Promise<T>
  /**
   * Two connections of their own (PostgreSQL) for the chat sends' batches, two at most at a time
   * (BATCH_LIMITS): the same two connections run chat_send every time, so its plans stay made. On
   * the shared pool, which hands out the connection released last, most of its connections stayed
   * cold, and a batch that met one planned chat_send and every statement in it with its senders
   * locked (ADR 31). The same database as `db` on the embedded one.
   */
  sends: Db
  /**
   * Reads that a streaming replica may serve (issue 62; ADR 39): searches, public profiles, landers,
   * counts. The primary itself without replicas, and on the embedded database.
   */
  reads: Reads
  kind: 'pglite' | 'postgres'
  /**
   * The driver underneath, for the job queue and the event bus: the PGlite instance, or the
   * PostgreSQL URL with its primary (the host that takes writes, among several: ADR 39).
   */
  raw: { pglite: PGlite } | { url: string; primary: Primary }
  /** Applies the committed drizzle-kit migrations not applied yet, then re-creates the database functions. */
  migrate(): Promise<void>
  /** Answers when the database accepts queries. */
  ping(): Promise<void>
  /** The pool's connections (PostgreSQL), for the metrics; null on the embedded database. */
  poolUse(): { total: number; idle: number; waiting: number } | null
  close(): Promise<void>
}

type DatabaseConfig =
  | { url: string; replicas?: { urls: string[]; maxLagMs: number } }
  | { dataDir: string | null; pglite?: PGlite }

/** The embedded database is open in another process (one process at a time may hold PGlite's files). */
export class DatabaseBusyError extends Error {}

/**
 * Marks an embedded database's directory as held by this process (`pg.lock` with its pid); refuses
 * when a live process holds it. A lock left by a process that died is taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim())
    let alive = false
    if (pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0)
        alive = true
      } catch (error) {
        alive = (error as { code?: string }).code === 'EPERM'
      }
    }
    if (alive) {
      throw new DatabaseBusyError(
        `The embedded database in ${path.dirname(dir)} is open in process ${pid} (the server?). ` +
          'Stop it first, or use PostgreSQL (DATABASE_URL).',
      )
    }
  }
  writeFileSync(file, String(process.pid))
  return () => rmSync(file, { force: true })
}

/** An embedded database with the extensions the migrations use (`cube`, `btree_gist`: ADR 26). */
export function newPglite(dir?: string, options: PGliteOptions = {}): PGlite {
  return new PGlite({ ...options, ...(dir ? { dataDir: dir } : {}), extensions: { cube, btree_gist } })
}

/** Opens real PostgreSQL when a URL is given, otherwise embedded PGlite (persisted when dataDir is set). */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if ('url' in config) {
    const primary = locatePrimary(config.url)
    const pool = openPool(primary, POOL_SIZE)
    const db = drizzlePg(pool, { schema }) as unknown as Db
    const lanePool = openPool(primary, 2)
    const sendsPool = openPool(primary, 2)
    const reads = openReads({ db, query: (text) => pool.query(text) }, config.replicas?.urls ?? [], {
      maxLagMs: config.replicas?.maxLagMs ?? 0,
      checkMs: 500,
      poolSize: POOL_SIZE,
      makeDb: (replicaPool) => drizzlePg(replicaPool, { schema }) as unknown as Db,
    })
    return {
      db,
      reads,
      lane: drizzlePg(lanePool, { schema }) as unknown as Db,
      readAgain: primaryReads(primary.failover),
      sends: drizzlePg(sendsPool, { schema }) as unknown as Db,
      kind: 'postgres',
      raw: { url: config.url, primary },
      migrate: async () => {
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
        await applyDatabaseFunctions(db)
      },
      ping: async () => void (await pool.query('select 1')),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await Promise.all([pool.end(), lanePool.end(), sendsPool.end(), reads.close()])
      },
    }
  }
  let client = config.pglite
  let unlock = () => {}
  if (!client) {
    const dir = config.dataDir ? path.join(config.dataDir, 'pg') : undefined
    if (dir) {
      mkdirSync(dir, { recursive: true })
      unlock = lockDataDir(dir)
    }
    client = newPglite(dir)
  }
  await client.waitReady
  const pglite = client
  const db = drizzlePglite(pglite, { schema }) as unknown as Db
  return {
    db,
    lane: db,
    readAgain: primaryReads(false),
    sends: db,
    reads: openReads({ db, query: async () => ({ rows: [] }) }, [], {
      maxLagMs: 0,
      checkMs: 0,
      poolSize: 0,
      makeDb: () => db,
    }),
    kind: 'pglite',
    raw: { pglite },
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER })
      await applyDatabaseFunctions(db)
    },
    ping: async () => void (await pglite.query('select 1')),
    poolUse: () => null,
    close: async () => {
      await pglite.close()
      unlock()
    },
  }
}

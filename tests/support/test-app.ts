import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { Agent as HttpsAgent } from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { expect, inject, vi } from 'vitest'
import { buildApp } from '#server/app.ts'
import { type Database, newPglite, openDatabase } from '#server/db/client.ts'
import { type Env, readEnv } from '#server/env.ts'
import type { Clock } from '#server/lib/clock.ts'

/** The environment of a test run: which database the integration suite runs on. */
export const testEnv = readEnv({ ...process.env, NODE_ENV: 'test' })

/** The PGlite template's files (tests/support/database-template.ts), read once per worker. */
let pgliteTemplate: Blob | undefined

/**
 * A fresh database of the kind this Vitest project runs on, migrated and with its reference data, as
 * a copy of the run's template (tests/support/database-template.ts): an in-memory PGlite, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped again by `drop`).
 */
export async function createTestDatabase(): Promise<{
  database: Database
  drop: () => Promise<void>
  /** The PostgreSQL database's address (another process may open it); null on PGlite. */
  url: string | null
}> {
  if (testEnv.TEST_DB_KIND === 'postgres') {
    if (!testEnv.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is required for the postgres project')
    const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: testEnv.TEST_DATABASE_URL })
    await admin.connect()
    await admin.query(`create database ${name} template ${inject('databaseTemplate')}`)
    await admin.end()
    const url = new URL(testEnv.TEST_DATABASE_URL)
    url.pathname = `/${name}`
    const database = await openDatabase({ url: url.toString() })
    return {
      database,
      url: url.toString(),
      drop: async () => {
        await database.close()
        const again = new pg.Client({ connectionString: testEnv.TEST_DATABASE_URL })
        await again.connect()
        await again.query(`drop database if exists ${name} with (force)`)
        await again.end()
      },
    }
  }
  pgliteTemplate ??= new Blob([readFileSync(inject('databaseTemplate'))])
  const database = await openDatabase({
    dataDir: null,
    pglite: newPglite(undefined, { loadDataDir: pgliteTemplate }),
  })
  return { database, drop: () => database.close(), url: null }
}

export interface TestApp {
  app: FastifyInstance
  env: Env
  database: Database & { url: string | null }
  close: () => Promise<void>
}

/** buildApp() on a fresh database, API only unless asked for pages, for app.inject tests. */
export async function createTestApp(
  options: {
    logStream?: NodeJS.WritableStream
    env?: Record<string, string>
    clock?: Clock
    pushAgent?: HttpsAgent
    /** Serve the pages too (needs the build: npm run build). */
    pages?: boolean
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dating-test-'))
  const env = readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...options.env })
  const { database, drop, url } = await createTestDatabase()
  const app = await buildApp({
    env,
    database,
    pages: options.pages ?? false,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    clock: options.clock,
    pushAgent: options.pushAgent,
  })
  return {
    app,
    env,
    database: Object.assign(database, { url }),
    close: async () => {
      await app.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Holds every connection of a PostgreSQL test database's shared pool with a transaction that
 * waits, until the answer's `release`: a query there then waits for a connection (and fails after
 * the pool's 2 s). For the connections of their own (Database.lane, Database.sends) that must serve
 * all the same.
 */
export async function holdSharedPool(database: Database): Promise<{ release: () => Promise<void> }> {
  let free = () => {}
  const held = new Promise<void>((resolve) => {
    free = resolve
  })
  const holders = Array.from({ length: 20 }, () =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      await held
    }),
  )
  await vi.waitFor(() => expect(database.poolUse()).toMatchObject({ total: 20, idle: 0 }))
  return {
    release: async () => {
      free()
      await Promise.all(holders)
    },
  }
}

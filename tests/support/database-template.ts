// Vitest's global set-up of the integration projects: one migrated database per run, which every
// test database is then a copy of (STYLE.md, "Tests"). Making a database from nothing (PGlite's
// initdb, every migration, the reference data) took 3-5 s per test app; a copy takes a fraction.
//   - PGlite: the template's files, dumped once to a tarball that each test database loads.
//   - PostgreSQL: a database each test database is created from (CREATE DATABASE ... TEMPLATE).
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { type Database, newPglite, openDatabase } from '#server/db/client.ts'
import { ensureReferenceData } from '#server/db/reference/ensure-reference-data.ts'
import { readEnv } from '#server/env.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite template's tarball (pglite project), or the PostgreSQL template's name (postgres project). */
    databaseTemplate: string
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Brings a database to what buildApp makes of an empty one at its start: migrated, reference data in. */
async function prepare(database: Database) {
  await database.migrate()
  await ensureReferenceData(database.db)
}

export default async function setup(project: TestProject) {
  const env = readEnv({ ...process.env, ...project.config.env, NODE_ENV: 'test' })
  if (env.TEST_DB_KIND === 'postgres') {
    if (!env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is required for the postgres project')
    const name = `template_${process.pid}_${randomBytes(4).toString('hex')}`
    await adminQuery(env.TEST_DATABASE_URL, `create database ${name}`)
    const url = new URL(env.TEST_DATABASE_URL)
    url.pathname = `/${name}`
    const database = await openDatabase({ url: url.toString() })
    try {
      await prepare(database)
    } finally {
      // A template can be copied only while nobody is connected to it.
      await database.close()
    }
    project.provide('databaseTemplate', name)
    return async () => {
      await adminQuery(env.TEST_DATABASE_URL as string, `drop database if exists ${name} with (force)`)
    }
  }
  const pglite = newPglite()
  const database = await openDatabase({ dataDir: null, pglite })
  await prepare(database)
  // Uncompressed: loading a gzipped dump costs more time than reading 40 MB from the page cache.
  const dump = await pglite.dumpDataDir('none')
  await database.close()
  const folder = path.join(ROOT, '.tmp')
  mkdirSync(folder, { recursive: true })
  const file = path.join(folder, `pglite-template-${process.pid}.tar`)
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('databaseTemplate', file)
  return () => rmSync(file, { force: true })
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

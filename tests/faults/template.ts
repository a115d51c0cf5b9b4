// Vitest's global set-up of the fault tests: one PostgreSQL cluster made and migrated once per run,
// then stopped; each test's cluster starts a copy of its folder (tests/support/cluster.ts) instead of
// running initdb and every migration again (ADR 24).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '#server/db/client.ts'
import { ensureReferenceData } from '#server/db/reference/ensure-reference-data.ts'
import { missingPrograms, PostgresServer } from '../support/cluster.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The stopped, migrated PostgreSQL cluster's folder; empty where PostgreSQL is missing. */
    postgresTemplate: string
  }
}

export default async function setup(project: TestProject) {
  // Where a program is missing, the suites say so themselves (describe-cluster.ts).
  if (missingPrograms().length > 0) {
    project.provide('postgresTemplate', '')
    return
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'dating-faults-template-'))
  const server = await PostgresServer.create(dir)
  try {
    const database = await openDatabase({ url: server.url })
    await database.migrate()
    await ensureReferenceData(database.db)
    await database.close()
  } finally {
    server.stop()
  }
  project.provide('postgresTemplate', server.dir)
  return () => rmSync(dir, { recursive: true, force: true })
}

// The database functions (server/db/functions/*.sql) are code: each file holds one function as
// CREATE OR REPLACE, and every migration run re-creates them all from there after the schema
// migrations, so a change to a rule is a change to its file (ADR 14).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

/** In dependency order: chat_send calls credit_change, write_refusal, session_member and message_json. */
export const DATABASE_FUNCTIONS = [
  'write_refusal',
  'credit_change',
  'session_member',
  'message_json',
  'chat_send',
] as const

const FOLDER = new URL('./functions/', import.meta.url)

export function functionSource(name: (typeof DATABASE_FUNCTIONS)[number]): string {
  return readFileSync(fileURLToPath(new URL(`${name}.sql`, FOLDER)), 'utf8')
}

/** PostgreSQL's invalid_function_definition: CREATE OR REPLACE of a function whose result changed. */
const RESULT_CHANGED = '42P13'

const codeOf = (error: unknown): unknown =>
  error instanceof Error ? ((error as { code?: unknown }).code ?? codeOf(error.cause)) : undefined

/**
 * Re-creates every database function from its source, in one transaction; concurrent starts (several
 * nodes) take turns on an advisory lock instead of racing on the catalog. A function whose source
 * changed its result (which CREATE OR REPLACE refuses) is dropped and created again in the same
 * transaction: a node running meanwhile finds the old function or the new one, never none. The
 * functions that call it are plpgsql, which PostgreSQL does not bind to it.
 */
export async function applyDatabaseFunctions(db: Db): Promise<void> {
  const sources = DATABASE_FUNCTIONS.map((name) => ({ name, source: functionSource(name) }))
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('database functions'))`)
    for (const { name, source } of sources) {
      try {
        await tx.transaction(async (step) => void (await step.execute(sql.raw(source))))
      } catch (error) {
        if (codeOf(error) !== RESULT_CHANGED) throw error
        await tx.execute(sql.raw(`DROP FUNCTION "${name}"`))
        await tx.execute(sql.raw(source))
      }
    }
  })
}

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

/**
 * Re-creates every database function from its source, in one transaction; concurrent starts (several
 * nodes) take turns on an advisory lock instead of racing on the catalog.
 */
export async function applyDatabaseFunctions(db: Db): Promise<void> {
  const sources = DATABASE_FUNCTIONS.map(functionSource)
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('database functions'))`)
    for (const source of sources) await tx.execute(sql.raw(source))
  })
}

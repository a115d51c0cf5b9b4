import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { type Db, openDatabase, queryRows } from './client.ts'
import { applyDatabaseFunctions } from './functions.ts'

// A function whose source changed its result: session_member stopped returning paid_user (a session
// names only who it is, ADR 39), which CREATE OR REPLACE refuses. A database that still has the old
// one gets the new one at the next start, and starts after it re-create it as before.

/** session_member as the nodes before the change created it. */
const OLD_SESSION_MEMBER = `CREATE FUNCTION "session_member"("hash" text, "at" timestamptz)
RETURNS TABLE ("user_id" int, "site_id" int, "paid_user" boolean) LANGUAGE sql STABLE AS $$
  SELECT u."id", u."site_id", u."paid_user" FROM "sessions" s JOIN "users" u ON u."id" = s."user_id"
    WHERE s."token_hash" = "hash" AND s."expires_at" > "at"
$$`

/** A new embedded database, migrated, for `test`; closed after it. */
async function withDatabase(test: (db: Db) => Promise<void>) {
  const database = await openDatabase({ dataDir: null })
  try {
    await database.migrate()
    await test(database.db)
  } finally {
    await database.close()
  }
}

it('re-creates a function whose result changed, and every start after it as before', () =>
  withDatabase(async (db) => {
    const resultOf = () =>
      queryRows<{ result: string }>(
        db,
        sql`select pg_get_function_result('session_member(text, timestamptz)'::regprocedure) as result`,
      )
    await db.execute(sql`drop function session_member`)
    await db.execute(sql.raw(OLD_SESSION_MEMBER))
    expect(await resultOf()).toEqual([
      { result: 'TABLE(user_id integer, site_id integer, paid_user boolean)' },
    ])
    await applyDatabaseFunctions(db)
    expect(await resultOf()).toEqual([{ result: 'TABLE(user_id integer, site_id integer)' }])
    await applyDatabaseFunctions(db)
    expect(await resultOf()).toEqual([{ result: 'TABLE(user_id integer, site_id integer)' }])
  }))

// The functions in SQL are inlined into the statements that call them (issue 62, ADR 39): one that
// is not is parsed and planned again by every statement that calls it, once per chat message in
// chat_send. PostgreSQL inlines a function only when its body is no more volatile than it declares.
it('inlines message_json and session_member into the statements that call them', () =>
  withDatabase(async (db) => {
    const plan = async (query: string) =>
      (await queryRows<{ 'QUERY PLAN': string }>(db, sql.raw(`explain (verbose, costs off) ${query}`)))
        .map((row) => row['QUERY PLAN'])
        .join('\n')
    const message = await plan('select message_json(m, 1) from messages m')
    expect(message).toContain('jsonb_build_object')
    expect(message).not.toContain('message_json(')
    const session = await plan(`select * from session_member('hash', now())`)
    expect(session).toContain('sessions')
    expect(session).not.toContain('Function Scan')
  }))

import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openDatabase, queryRows } from './client.ts'
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

it('re-creates a function whose result changed, and every start after it as before', async () => {
  const database = await openDatabase({ dataDir: null })
  try {
    const { db } = database
    await database.migrate()
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
  } finally {
    await database.close()
  }
})

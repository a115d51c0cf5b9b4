import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { createTestApp, holdSharedPool, type TestApp } from '../../../tests/support/test-app.ts'

// The sends' batches run on two connections of their own (Database.sends, issue 40, ADR 31), which
// run nothing else: chat_send stays planned on them, and a send never waits for the shared pool.

describe('the sends’ connections', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('sends a message while every connection of the shared pool is busy', async () => {
    const { database } = t
    const anna = await activeMember(t.app, { name: 'Anna', gender: 'female' })
    const paul = await activeMember(t.app, { name: 'Paul' })
    const send = (text: string) =>
      memberRequest(t.app, anna, 'POST', '/api/message.php', {
        profile: paul.user.profile.id,
        text,
        client_id: randomBytes(9).toString('base64url'),
      })
    if (database.kind === 'pglite') {
      // One connection in all: the sends' connections are the database itself.
      expect(database.sends).toBe(database.db)
      expect((await send('Hello Paul')).statusCode).toBe(200)
      return
    }
    expect(database.sends).not.toBe(database.db)
    // Every connection of the shared pool held: a send there would wait for one (and fail after
    // the pool's 2 s); it is saved and answered all the same.
    const pool = await holdSharedPool(database)
    try {
      const answers = await Promise.all(['One', 'Two', 'Three'].map(send))
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200])
      expect(database.poolUse()).toMatchObject({ total: 20, idle: 0 })
    } finally {
      await pool.release()
    }
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from messages where sender_user_id = ${anna.user.id}`,
    )
    expect(row.n).toBe(3)
  })
})

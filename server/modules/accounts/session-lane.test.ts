import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keptDeviceCookies } from '#server/lib/device-cookies.ts'
import { noSocketsHere } from '#server/lib/sessions-ended.ts'
import { signupMember } from '../../../tests/support/accounts.ts'
import { createTestApp, holdSharedPool, type TestApp } from '../../../tests/support/test-app.ts'
import { createMailService } from '../mail/mail.service.ts'
import { createAccountsService } from './accounts.service.ts'

describe('the session lane', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('reads a session while every connection of the pool is busy', async () => {
    const { database } = t
    const { user, cookie } = await signupMember(t.app)
    const now = () => new Date()
    const mail = createMailService(database.db, { from: 'lane@example.com', log: t.app.log, now })
    const accounts = createAccountsService(database.db, {
      mail,
      now,
      lane: database.lane,
      sessionsEnded: noSocketsHere,
      devices: await keptDeviceCookies(t.app.services.sites),
    })
    const token = cookie.slice('auth.session='.length)
    if (database.kind === 'pglite') {
      // One connection in all: the lane is the database itself.
      expect(database.lane).toBe(database.db)
      expect(await accounts.memberForToken(token)).toMatchObject({ userId: user.id })
      return
    }
    // Every connection of the pool held: a query there would wait for one (and fail after the
    // pool's 2 s); the session is read all the same.
    const pool = await holdSharedPool(database)
    try {
      expect(await accounts.memberForToken(token)).toMatchObject({ userId: user.id })
      expect(database.poolUse()).toMatchObject({ total: 20, idle: 0 })
    } finally {
      await pool.release()
    }
  })
})

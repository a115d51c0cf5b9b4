import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_COOKIE_DAYS } from '#common/constants.ts'
import { queryRows } from '#server/db/client.ts'
import { users } from '#server/db/schema/members.ts'
import { batchSizes } from '#server/lib/metrics.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// The chat's send checks its session inside chat_send, in the send's own round trip (issue 40,
// ADR 31): the rule must be the session plugin's, to the letter, and nothing may be written,
// debited or counted for a session that does not hold.

type Member = Awaited<ReturnType<typeof activeMember>>

let t: TestApp
let at = new Date('2026-11-27T10:00:00Z')
const clientId = () => randomBytes(9).toString('base64url')

const send = (from: Member, to: Member, text: string, more: object = {}) =>
  memberRequest(t.app, from, 'POST', '/api/message.php', {
    profile: to.user.profile.id,
    text,
    client_id: clientId(),
    ...more,
  })

/** How many queries each named batch has made so far (sessions, messages). */
async function batches() {
  const { values } = await batchSizes.get()
  const of = (batch: string) =>
    values.find((v) => v.metricName === 'db_batch_size_count' && v.labels.batch === batch)?.value ?? 0
  return { sessions: of('sessions'), messages: of('messages') }
}

/** What a member has sent and holds: their messages and their balance. */
async function traces(member: Member) {
  const [row] = await queryRows<{ messages: number; credits: number }>(
    t.database.db,
    sql`select (select count(*)::int from messages where sender_user_id = ${member.user.id}) as messages,
          (select credits from users where id = ${member.user.id}) as credits`,
  )
  return row
}

const unkindAsked = async () => {
  const day = at.toISOString().slice(0, 10)
  return (await t.app.services.safety.counts({ from: day, to: day })).unkind_asked
}

/** The Set-Cookie header that ends the browser's session cookie, if the answer has one. */
const clearsCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.some((c) => c.name === 'auth.session' && c.value === '')

beforeAll(async () => {
  t = await createTestApp({ clock: () => at })
})

afterAll(async () => {
  await t.close()
})

describe('a send checked on its session by chat_send', () => {
  it('sends on a live session with no session query of its own', async () => {
    const anna = await activeMember(t.app, { name: 'Anna', gender: 'female' })
    const paul = await activeMember(t.app, { name: 'Paul' })
    const before = await batches()
    const res = await send(anna, paul, 'Hello Paul')
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toMatchObject({ text: 'Hello Paul', profile: anna.user.profile.id })
    const after = await batches()
    expect(after.messages - before.messages).toBe(1)
    expect(after.sessions - before.sessions).toBe(0)
    expect((await traces(anna)).messages).toBe(1)
  })

  it('refuses an ended, an expired and a banned member’s session: 403, cookie cleared, nothing written', async () => {
    const to = await activeMember(t.app, { name: 'Reader' })
    const ended = await activeMember(t.app, { name: 'Ended', gender: 'female' })
    await t.app.inject({ url: '/api/logout.php', headers: { cookie: ended.cookie } })
    const banned = await activeMember(t.app, { name: 'Banned', gender: 'female' })
    await t.database.db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.user.id))
    const expired = await activeMember(t.app, { name: 'Expired', gender: 'female' })
    const was = await Promise.all([ended, banned, expired].map(traces))

    for (const member of [ended, banned]) {
      const res = await send(member, to, 'Still here?')
      expect(res.statusCode).toBe(403)
      expect(res.json().error.code).toBe('authentication_required')
      expect(clearsCookie(res)).toBe(true)
    }
    const started = at
    // A second short of the end, the session holds; at the end it does not.
    at = new Date(started.getTime() + AUTH_COOKIE_DAYS * 86_400_000 - 60_000)
    expect((await send(expired, to, 'Just in time')).statusCode).toBe(200)
    at = new Date(started.getTime() + AUTH_COOKIE_DAYS * 86_400_000 + 60_000)
    const late = await send(expired, to, 'Too late')
    expect(late.statusCode).toBe(403)
    expect(clearsCookie(late)).toBe(true)
    at = started

    const now = await Promise.all([ended, banned, expired].map(traces))
    expect(now[0]).toEqual(was[0])
    expect(now[1]).toEqual(was[1])
    expect(now[2].messages).toBe(was[2].messages + 1)
  })

  it('answers a send refused before the database only once the session holds', async () => {
    const to = await activeMember(t.app, { name: 'Target' })
    const live = await activeMember(t.app, { name: 'Rude', gender: 'female' })
    const dead = await activeMember(t.app, { name: 'Gone', gender: 'female' })
    await t.app.inject({ url: '/api/logout.php', headers: { cookie: dead.cookie } })
    const asked = await unkindAsked()

    // An insult on a dead session is not asked about, nor counted.
    const refused = await send(dead, to, 'You are an ugly idiot')
    expect(refused.statusCode).toBe(403)
    expect(await unkindAsked()).toBe(asked)
    // On a live one it is asked about (409, in the member's language) and counted once.
    const nudged = await send(live, to, 'You are an ugly idiot')
    expect(nudged.statusCode).toBe(409)
    expect(nudged.json().error.code).toBe('chat.unkind')
    expect(await unkindAsked()).toBe(asked + 1)

    // A text too long: 403 on a dead session, the text rule's answer on a live one.
    const long = 'x'.repeat(5_000)
    expect((await send(dead, to, long)).statusCode).toBe(403)
    const tooLong = await send(live, to, long)
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().error.code).toBe('chat.too_long')
    expect((await traces(live)).messages).toBe(0)
  })
})

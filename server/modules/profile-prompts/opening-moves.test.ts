import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/members.ts'
import { auditLog } from '#server/db/schema/staff.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { remote, staffMember } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Opening moves (issue 61, point 2): a member sets up to three (their prompts, or questions of the
// list); someone writing to them first may answer one, which opens the conversation with the
// question quoted, priced as a message and paid once; operators write a fictional profile's.

let t: TestApp
const now = () => new Date('2031-05-06T10:00:00Z')
beforeAll(async () => {
  t = await createTestApp({ clock: now })
})
afterAll(() => t.close())

type Member = Awaited<ReturnType<typeof activeMember>>
const as = (
  m: { cookie: string },
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
  language = 'en',
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { cookie: m.cookie, 'accept-language': language },
    remoteAddress: remote(),
  })
const ANSWERS = [
  { prompt: 'debate_me', answer: 'Whether Lyon has better food than Marseille' },
  { prompt: 'happy_place', answer: 'The ferry to Texel at dawn' },
]
async function member(name: string, credits = 100) {
  const m = await activeMember(t.app, { name })
  await t.database.db.update(users).set({ credits, paidUser: true }).where(eq(users.id, m.user.id))
  return m
}
const balance = async (m: Member) =>
  (await t.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, m.user.id)))[0]
    .credits
const write = (
  from: Member,
  to: number,
  move: string | undefined,
  clientId = randomBytes(9).toString('base64url'),
) =>
  as(from, 'POST', '/api/message.php', {
    profile: to,
    text: 'Lyon, without a doubt: the bouchons!',
    client_id: clientId,
    ...(move ? { move } : {}),
  })

describe('opening moves', () => {
  it('keeps up to three, from answered prompts or the list, and shows them on the member page', async () => {
    const lea = await member('Léa')
    const saved = await as(lea, 'PUT', '/api/profile-prompts.php', {
      answers: ANSWERS,
      moves: ['debate_me', 'ideal_sunday'],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().moves).toEqual(['debate_me', 'ideal_sunday'])
    const marc = await member('Marc')
    const page = (await as(marc, 'GET', `/api/member.php?id=${lea.user.profile.id}`)).json()
    expect(page.profile.opening_moves).toEqual([
      { move: 'debate_me', answer: ANSWERS[0].answer },
      { move: 'ideal_sunday', answer: null },
    ])
    // Refused in the member's language, nothing stored: a prompt not answered, four moves, one twice.
    const refusals: Array<[string[], string]> = [
      [['dealbreaker'], 'Un premier pas tiré de vos questions du profil a besoin de sa réponse'],
      [['debate_me', 'ideal_sunday', 'last_trip', 'laugh_at'], 'Choisissez trois premiers pas au plus.'],
      [['last_trip', 'last_trip'], 'On ne choisit qu’une fois chaque premier pas.'],
      [['favourite_colour'], 'Choisissez un premier pas de la liste.'],
    ]
    for (const [moves, message] of refusals) {
      const res = await as(lea, 'PUT', '/api/profile-prompts.php', { answers: ANSWERS, moves }, 'fr')
      expect(res.statusCode, moves.join()).toBe(400)
      expect(res.body).toContain(message)
    }
    expect((await as(lea, 'GET', '/api/profile-prompts.php')).json().moves).toEqual([
      'debate_me',
      'ideal_sunday',
    ])
    // A prompt taken off the profile is no longer a move.
    await as(lea, 'PUT', '/api/profile-prompts.php', { answers: [ANSWERS[1]], moves: ['ideal_sunday'] })
    expect(
      (await as(marc, 'GET', `/api/member.php?id=${lea.user.profile.id}`)).json().profile.opening_moves,
    ).toEqual([{ move: 'ideal_sunday', answer: null }])
  })

  it('opens a conversation with the question quoted, priced as a message and debited once', async () => {
    const lea = await member('Léa')
    await as(lea, 'PUT', '/api/profile-prompts.php', { answers: ANSWERS, moves: ['debate_me'] })
    const marc = await member('Marc', 100)
    const price = t.app.services.sites.byId(1).settings.message_credits
    expect(price).toBeGreaterThan(0)
    const clientId = randomBytes(9).toString('base64url')
    const sent = await write(marc, lea.user.profile.id, 'debate_me', clientId)
    expect(sent.statusCode, sent.body).toBe(200)
    const { message, conversation, credits } = sent.json()
    expect(message.move).toEqual({ key: 'debate_me', answer: ANSWERS[0].answer })
    expect(message.kind).toBe('text')
    expect(credits).toBe(100 - price)
    // The same send again (a retry) is the same message, paid once.
    const again = await write(marc, lea.user.profile.id, 'debate_me', clientId)
    expect(again.json().message.id).toBe(message.id)
    expect(await balance(marc)).toBe(100 - price)
    // Léa reads the question quoted above Marc's answer.
    const read = (await as(lea, 'GET', `/api/messages.php?conversation=${conversation}`)).json()
    expect(read.messages).toHaveLength(1)
    expect(read.messages[0].move).toEqual({ key: 'debate_me', answer: ANSWERS[0].answer })
    // A move only opens: once Marc has written, another answer to it is refused, nothing debited.
    const second = await write(marc, lea.user.profile.id, 'debate_me')
    expect(second.statusCode).toBe(409)
    expect(second.json().error.message).toContain('already begun')
    const inConversation = await as(marc, 'POST', '/api/message.php', {
      conversation,
      text: 'And the quenelles',
      client_id: randomBytes(9).toString('base64url'),
      move: 'debate_me',
    })
    expect(inConversation.statusCode).toBe(409)
    expect(await balance(marc)).toBe(100 - price)
  })

  it('refuses a move the profile does not have, nothing sent or debited', async () => {
    const lea = await member('Léa')
    await as(lea, 'PUT', '/api/profile-prompts.php', { answers: ANSWERS, moves: ['ideal_sunday'] })
    const marc = await member('Marc', 100)
    const res = await write(marc, lea.user.profile.id, 'last_trip')
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toContain('no longer on the profile')
    expect(await balance(marc)).toBe(100)
    expect((await as(marc, 'GET', '/api/chats.php')).json().chats).toHaveLength(0)
    // Without credits, an answer is refused like any message.
    const poor = await member('Paul', 0)
    expect((await write(poor, lea.user.profile.id, 'ideal_sunday')).statusCode).toBe(402)
  })

  it('lets operators write a fictional profile’s moves, audited, and only a fictional profile’s', async () => {
    const fictional = await buildMember(t.database.db, { name: 'Nina', fictional: true })
    const real = await member('Rosa')
    const operator = await staffMember(t.app, 'operator', now)
    const input = { answers: [ANSWERS[1]], moves: ['happy_place', 'bucket_list'] }
    const saved = await as(operator, 'PUT', '/api/admin/fictional-prompts.php', {
      ...input,
      profile: fictional.profile.id,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(
      (await as(operator, 'GET', `/api/admin/fictional-prompts.php?id=${fictional.profile.id}`)).json(),
    ).toEqual(input)
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'fictional.prompts'), eq(auditLog.targetId, String(fictional.profile.id))),
      )
    expect(audit.after).toEqual(input)
    const marc = await member('Marc')
    const page = (await as(marc, 'GET', `/api/member.php?id=${fictional.profile.id}`)).json().profile
    expect(page.fictional).toBe(true)
    expect(page.opening_moves.map((m: { move: string }) => m.move)).toEqual(['happy_place', 'bucket_list'])
    const answered = await write(marc, fictional.profile.id, 'bucket_list')
    expect(answered.statusCode, answered.body).toBe(200)
    expect(answered.json().message.move).toEqual({ key: 'bucket_list', answer: null })
    // A real member's profile is not the operators' to write.
    const refused = await as(operator, 'PUT', '/api/admin/fictional-prompts.php', {
      ...input,
      profile: real.user.profile.id,
    })
    expect(refused.statusCode).toBe(404)
    // Nor is the console's call a member's.
    expect(
      (await as(real, 'PUT', '/api/admin/fictional-prompts.php', { ...input, profile: fictional.profile.id }))
        .statusCode,
    ).toBe(401)
  })
})

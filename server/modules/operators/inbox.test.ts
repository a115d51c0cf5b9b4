import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { profiles, users } from '#server/db/schema/members.ts'
import { type DomainEvent, OPERATOR_SOCKETS } from '#server/lib/events.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sendFileMessage } from '../../../tests/support/chat.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Message times come from the database (ADR 13): this clock starts at the real time and moves on.
let clock = new Date()
let t: TestApp
let ana: TestStaff
let ben: TestStaff
const events: DomainEvent[] = []

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
  ana = await staffMember(t.app, 'operator', () => clock)
  ben = await staffMember(t.app, 'operator', () => clock)
  t.app.services.events.subscribe((event) => events.push(event))
})
afterAll(() => t.close())

const as = (who: { cookie: string }, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    payload,
    headers: { cookie: who.cookie },
    remoteAddress: remote(),
  })

/** A fictional profile and a member with credits who writes to it. */
async function memberWritesToFictional(text = 'Hi Lola, how is your evening?') {
  const fictional = await activeMember(t.app, { name: 'Lola', gender: 'female' })
  await t.database.db.update(profiles).set({ fictional: true }).where(eq(profiles.userId, fictional.user.id))
  const member = await activeMember(t.app, { name: 'Marco' })
  await t.database.db.update(users).set({ credits: 50 }).where(eq(users.id, member.user.id))
  const sent = await as(member, 'POST', '/api/message.php', {
    profile: fictional.user.profile.id,
    text,
    client_id: randomUUID(),
  })
  expect(sent.statusCode).toBe(200)
  return {
    fictional,
    member,
    conversation: sent.json().conversation as number,
    credits: sent.json().credits as number,
  }
}

const queue = async (who: TestStaff) => (await as(who, 'GET', '/api/admin/inbox.php')).json()

describe('the operators’ inbox', () => {
  it('queues a member’s message to a fictional profile, live, and one of two operators gets the claim', async () => {
    const { conversation } = await memberWritesToFictional()
    expect(events).toContainEqual({ type: 'inbox.changed', userId: OPERATOR_SOCKETS, conversation })
    const item = (await queue(ana)).conversations.find(
      (c: { conversation: number }) => c.conversation === conversation,
    )
    expect(item).toMatchObject({
      claimed: false,
      member: { name: 'Marco' },
      fictional: { name: 'Lola' },
      last_text: 'Hi Lola, how is your evening?',
    })

    const [a, b] = await Promise.all([
      as(ana, 'POST', '/api/admin/inbox-claim.php', { conversation }),
      as(ben, 'POST', '/api/admin/inbox-claim.php', { conversation }),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const [winner, loser] = a.statusCode === 200 ? [ana, ben] : [ben, ana]
    expect((a.statusCode === 200 ? b : a).json().error.code).toBe('inbox.claimed')
    const seen = (await queue(loser)).conversations.find(
      (c: { conversation: number }) => c.conversation === conversation,
    )
    expect(seen.claimed).toBe(true)
    expect(
      (await as(loser, 'GET', `/api/admin/inbox-conversation.php?conversation=${conversation}`)).statusCode,
    ).toBe(409)
    expect(
      (await as(winner, 'GET', `/api/admin/inbox-conversation.php?conversation=${conversation}`)).statusCode,
    ).toBe(200)
    await as(winner, 'POST', '/api/admin/inbox-release.php', { conversation })
  })

  it('answers as the fictional profile: the member gets it like any message, free, and the wait ends', async () => {
    const { member, fictional, conversation, credits } = await memberWritesToFictional('Do you like dogs?')
    const claimed = await as(ana, 'POST', '/api/admin/inbox-claim.php', {})
    expect(claimed.json().conversation).toEqual(expect.any(Number))
    // The oldest waiting may be another test's; take this one by its number.
    expect((await as(ana, 'POST', '/api/admin/inbox-claim.php', { conversation })).statusCode).toBe(200)

    const view = (
      await as(ana, 'GET', `/api/admin/inbox-conversation.php?conversation=${conversation}`)
    ).json().conversation
    expect(view.member).toMatchObject({ name: 'Marco' })
    expect(view.fictional).toMatchObject({ name: 'Lola' })
    expect(view.messages).toEqual([expect.objectContaining({ from: 'member', text: 'Do you like dogs?' })])
    // Operators see no address, payment or ledger.
    expect(JSON.stringify(view)).not.toContain(member.email)
    expect((await as(ana, 'GET', `/api/admin/member.php?id=${member.user.id}`)).statusCode).toBe(403)

    const noted = await as(ana, 'POST', '/api/admin/inbox-note.php', {
      conversation,
      text: 'Has a dog, works nights',
    })
    expect(noted.statusCode).toBe(201)
    const creditsOf = async (userId: number) =>
      (
        await queryRows<{ credits: number }>(
          t.database.db,
          sql`select credits from users where id = ${userId}`,
        )
      )[0].credits
    const fictionalBefore = await creditsOf(fictional.user.id)
    events.length = 0
    const answered = await as(ana, 'POST', '/api/admin/inbox-answer.php', {
      conversation,
      text: 'I love dogs! What is yours called?',
      client_id: randomUUID(),
    })
    expect(answered.statusCode).toBe(200)
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'message.created',
        userId: member.user.id,
        message: expect.objectContaining({ text: 'I love dogs! What is yours called?' }),
      }),
    )
    const history = (await as(member, 'GET', `/api/messages.php?conversation=${conversation}`)).json()
      .messages
    expect(history.map((m: { text: string }) => m.text)).toContain('I love dogs! What is yours called?')
    // Free for both sides.
    expect(await creditsOf(member.user.id)).toBe(credits)
    expect(await creditsOf(fictional.user.id)).toBe(fictionalBefore)
    expect(
      (await queue(ana)).conversations.some((c: { conversation: number }) => c.conversation === conversation),
    ).toBe(false)
    expect((await queue(ana)).me.answers_last_hour).toBe(1)
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_type = 'conversation' and target_id = ${String(conversation)}`,
    )
    expect(audit).toEqual([{ action: 'inbox.answer' }])

    // The member writes again: back in the queue, with the note for whoever answers.
    await as(member, 'POST', '/api/message.php', {
      conversation,
      text: 'Rex! And yours?',
      client_id: randomUUID(),
    })
    await as(ben, 'POST', '/api/admin/inbox-claim.php', { conversation })
    const again = (
      await as(ben, 'GET', `/api/admin/inbox-conversation.php?conversation=${conversation}`)
    ).json().conversation
    expect(again.notes).toEqual([expect.objectContaining({ text: 'Has a dog, works nights', by: ana.email })])
  })

  it('returns a claim left open to the queue after 5 minutes', async () => {
    const { conversation } = await memberWritesToFictional('Are you there?')
    expect((await as(ana, 'POST', '/api/admin/inbox-claim.php', { conversation })).statusCode).toBe(200)
    expect((await as(ben, 'POST', '/api/admin/inbox-claim.php', { conversation })).statusCode).toBe(409)
    clock = new Date(clock.getTime() + 6 * 60_000)
    expect((await as(ben, 'POST', '/api/admin/inbox-claim.php', { conversation })).statusCode).toBe(200)
    const late = await as(ana, 'POST', '/api/admin/inbox-answer.php', {
      conversation,
      text: 'Sorry!',
      client_id: randomUUID(),
    })
    expect(late.json().error.code).toBe('inbox.not_claimed')
  })

  it('marks a member’s question whether the profile is real, and no answer to it leaves without the disclosure', async () => {
    const warning = t.app.services.sites.list()[0].settings.fictional_warning.en
    const { conversation, member } = await memberWritesToFictional(
      'Be honest with me: are you a real person?',
    )
    const item = (await queue(ana)).conversations.find(
      (c: { conversation: number }) => c.conversation === conversation,
    )
    expect(item.asked_real).toBe(true)
    expect((await as(ana, 'POST', '/api/admin/inbox-claim.php', { conversation })).statusCode).toBe(200)
    const opened = (
      await as(ana, 'GET', `/api/admin/inbox-conversation.php?conversation=${conversation}`)
    ).json()
    expect(opened.conversation.disclosure).toBe(warning)

    // The operator's answer leaves out the sentence: the server adds it, and the audit says so.
    const answered = await as(ana, 'POST', '/api/admin/inbox-answer.php', {
      conversation,
      text: 'Ha, what a question!',
      client_id: randomUUID(),
    })
    expect(answered.statusCode).toBe(200)
    const textsOf = async () =>
      (await as(member, 'GET', `/api/messages.php?conversation=${conversation}`))
        .json()
        .messages.map((m: { text: string }) => m.text) as string[]
    expect(await textsOf()).toContain(`Ha, what a question!\n\n${warning}`)
    const [audit] = await queryRows<{ after: { disclosure: string; asked_real: boolean } }>(
      t.database.db,
      sql`select after from audit_log where action = 'inbox.answer' and target_id = ${String(conversation)}`,
    )
    expect(audit.after).toMatchObject({ asked_real: true, disclosure: 'added' })

    // Asked again (in French): an answer that carries the sentence already is sent as written.
    await as(member, 'POST', '/api/message.php', {
      profile: (
        await queryRows<{ id: number }>(
          t.database.db,
          sql`select p.id from profiles p join conversation_members cm on cm.partner_user_id = p.user_id
          where cm.conversation_id = ${conversation} and cm.user_id = ${member.user.id}`,
        )
      )[0].id,
      text: 'Tu es un robot ?',
      client_id: randomUUID(),
    })
    expect((await as(ana, 'POST', '/api/admin/inbox-claim.php', { conversation })).statusCode).toBe(200)
    await as(ana, 'POST', '/api/admin/inbox-answer.php', {
      conversation,
      text: `I write for the site. ${warning}`,
      client_id: randomUUID(),
    })
    const after = await textsOf()
    expect(after).toContain(`I write for the site. ${warning}`)
    expect(after.filter((x) => x.includes(warning))).toHaveLength(2)
  })

  it('leaves an ordinary message unmarked', async () => {
    const { conversation } = await memberWritesToFictional('Nice to meet you, how was your day?')
    const item = (await queue(ana)).conversations.find(
      (c: { conversation: number }) => c.conversation === conversation,
    )
    expect(item.asked_real).toBe(false)
  })

  it('plays a member’s voice note to the operator who holds the conversation, and to no one else', async () => {
    const { conversation, member } = await memberWritesToFictional('Can I send you my voice?')
    expect((await as(ana, 'POST', '/api/admin/inbox-claim.php', { conversation })).statusCode).toBe(200)
    const answered = await as(ana, 'POST', '/api/admin/inbox-answer.php', {
      conversation,
      text: 'Yes, I would love to hear it',
      client_id: randomUUID(),
    })
    expect(answered.statusCode).toBe(200)
    // The fictional profile has written: the member may answer with a voice note (issue 58).
    const recording = await readFile(new URL('../../../tests/fixtures/voice-6s.webm', import.meta.url))
    const voice = await sendFileMessage(
      t.app,
      member,
      { kind: 'voice', conversation: String(conversation) },
      { filename: 'voice.webm', contentType: 'audio/webm', data: recording },
    )
    expect(voice.statusCode).toBe(200)
    const voiceId = voice.json().message.id as number
    // The queue previews it as the chat list does: its kind and its length.
    const waiting = (await queue(ben)).conversations.find(
      (c: { conversation: number }) => c.conversation === conversation,
    )
    expect(waiting).toMatchObject({ last_kind: 'voice', last_text: '' })
    expect(waiting.last_seconds).toBeCloseTo(6, 0)
    expect((await as(ana, 'POST', '/api/admin/inbox-claim.php', { conversation })).statusCode).toBe(200)
    const view = (
      await as(ana, 'GET', `/api/admin/inbox-conversation.php?conversation=${conversation}`)
    ).json().conversation
    const said = view.messages.at(-1)
    expect(said).toMatchObject({
      id: voiceId,
      from: 'member',
      kind: 'voice',
      voice: { url: `/api/admin/inbox-voice.php?conversation=${conversation}&message=${voiceId}` },
    })
    expect(said.voice.seconds).toBeCloseTo(6, 0)
    // Text messages carry no player.
    expect(view.messages[0].voice).toBeNull()

    const heard = await as(ana, 'GET', said.voice.url)
    expect(heard.statusCode).toBe(200)
    expect(heard.headers['content-type']).toBe('audio/mp4')
    expect(heard.headers['cache-control']).toBe('private, no-store')
    expect(heard.rawPayload.subarray(4, 8).toString()).toBe('ftyp')
    // Another operator, who does not hold it, a member, and another message: nothing.
    const other = await as(ben, 'GET', said.voice.url)
    expect(other.statusCode).toBe(409)
    expect(other.json().error.code).toBe('inbox.not_claimed')
    expect((await as(member, 'GET', said.voice.url)).statusCode).toBe(401)
    const text = await as(
      ana,
      'GET',
      `/api/admin/inbox-voice.php?conversation=${conversation}&message=${view.messages[0].id}`,
    )
    expect(text.statusCode).toBe(404)
  })
})

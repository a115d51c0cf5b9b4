import { randomBytes } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { complaints } from '#server/db/schema/complaints.ts'
import { blocks } from '#server/db/schema/members.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// The report sheet (issue 56, point 3): a reason in two taps, the reporter from the session, a
// conversation's last messages quoted into the report, and a block at once when asked.

let t: TestApp
type Member = Awaited<ReturnType<typeof activeMember>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const report = (member: Member | null, payload: object) =>
  memberRequest(t.app, member, 'POST', '/api/profile-report.php', payload)
const send = (from: Member, to: object, text: string) =>
  memberRequest(t.app, from, 'POST', '/api/message.php', {
    ...to,
    text,
    client_id: randomBytes(9).toString('base64url'),
  })
const lastComplaint = async () =>
  (await t.database.db.select().from(complaints).orderBy(desc(complaints.id)).limit(1))[0]

describe('the report sheet', () => {
  it('files a report from a conversation under the member’s account, quotes its last messages, and blocks', async () => {
    const reporter = await activeMember(t.app, { name: 'Romane', gender: 'female' })
    const reported = await activeMember(t.app, { name: 'Raoul', gender: 'male' })
    const first = (await send(reported, { profile: reporter.user.profile.id }, 'Hello there')).json()
    await send(reporter, { conversation: first.conversation }, 'Hi')
    await send(reported, { conversation: first.conversation }, 'Send me your number now')

    const res = await report(reporter, {
      profile: reported.user.profile.id,
      reason: 'harassment',
      text: 'He insists after I said no.',
      conversation: first.conversation,
      block: true,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ receipt: reporter.email, blocked: true })
    const filed = await lastComplaint()
    expect(filed).toMatchObject({
      id: res.json().id,
      userId: reporter.user.id,
      reportedProfileId: reported.user.profile.id,
      reason: 'harassment',
      email: reporter.email,
    })
    // The member's words as they wrote them; where it came from and the messages then, as data the
    // console words in the moderator's language (no English written into the record).
    expect(filed.message).toBe('He insists after I said no.')
    expect(filed.context).toMatchObject({ source: 'sheet', conversation: first.conversation })
    const quoted = filed.context?.source === 'sheet' ? filed.context.quoted : []
    expect(quoted.map((m) => [m.from, m.kind, m.text])).toEqual([
      ['reported', 'text', 'Hello there'],
      ['reporter', 'text', 'Hi'],
      ['reported', 'text', 'Send me your number now'],
    ])
    expect(quoted.every((m) => !Number.isNaN(Date.parse(m.sent_at)))).toBe(true)
    const blocked = await t.database.db
      .select()
      .from(blocks)
      .where(eq(blocks.blockerUserId, reporter.user.id))
    expect(blocked.map((b) => b.blockedUserId)).toEqual([reported.user.id])
  })

  it('files a report from a profile with a reason alone, and does not block unless asked', async () => {
    const reporter = await activeMember(t.app, { name: 'Sacha', gender: 'female' })
    const reported = await activeMember(t.app, { name: 'Serge', gender: 'male' })
    const res = await report(reporter, { profile: reported.user.profile.id, reason: 'fake_profile' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().blocked).toBe(false)
    expect(await lastComplaint()).toMatchObject({
      message: '',
      context: { source: 'sheet', conversation: null, quoted: [] },
    })
    const blocked = await t.database.db
      .select()
      .from(blocks)
      .where(eq(blocks.blockerUserId, reporter.user.id))
    expect(blocked).toEqual([])
  })

  it('refuses another’s conversation, one’s own profile, a reason not on the sheet, and visitors', async () => {
    const a = await activeMember(t.app, { name: 'Alix', gender: 'female' })
    const b = await activeMember(t.app, { name: 'Bruno', gender: 'male' })
    const c = await activeMember(t.app, { name: 'Cyril', gender: 'male' })
    const theirs = (await send(b, { profile: c.user.profile.id }, 'Hi Cyril')).json().conversation
    // A conversation that is not the reporter's with that profile is not found, whoever's it is.
    expect(
      (await report(a, { profile: b.user.profile.id, reason: 'other', conversation: theirs })).statusCode,
    ).toBe(404)
    expect(
      (await report(b, { profile: a.user.profile.id, reason: 'other', conversation: theirs })).statusCode,
    ).toBe(404)
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/profile-report.php',
      payload: { profile: a.user.profile.id, reason: 'other' },
      headers: { cookie: a.cookie, 'accept-language': 'fr' },
      remoteAddress: '10.250.0.1',
    })
    expect(self.statusCode).toBe(400)
    expect(self.json().error.message).toBe('Vous ne pouvez pas signaler votre propre profil.')
    expect((await report(a, { profile: b.user.profile.id, reason: 'billing' })).statusCode).toBe(400)
    expect(
      (await report(a, { profile: b.user.profile.id, reason: 'other', text: 'x'.repeat(1001) })).statusCode,
    ).toBe(400)
    expect((await report(null, { profile: b.user.profile.id, reason: 'other' })).statusCode).toBe(403)
  })
})

import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { complaints } from '#server/db/schema/complaints.ts'
import { photos, profiles, users } from '#server/db/schema/members.ts'
import { memberSignals } from '#server/db/schema/moderation.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sendFileMessage } from '../../../tests/support/chat.ts'
import { patternJpeg } from '../../../tests/support/images.ts'
import { multipartFile } from '../../../tests/support/multipart.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { staffMember } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Safe conversations (issue 38) with the real explicit-photo model (NSFWJS in its thread). No
// explicit image may be kept in the repository: the blur path uses a sample photo @vladmandic/face-api
// ships with the site's threshold set just below the score the model gives it, measured here first
// (about 0.19 for sample2.jpg, a group photo the model reads partly as a drawing); sample6.jpg, a
// portrait, scores about 0.02 and stays clear under the default threshold (0.5).

let t: TestApp
/** The app's one clock, fixed: the counts are per day. */
const now = () => new Date('2026-11-27T10:00:00Z')
type Member = Awaited<ReturnType<typeof activeMember>>
const DEMO = path.join(process.cwd(), 'node_modules/@vladmandic/face-api/demo')
let flagged: Buffer
let neutral: Buffer
let flaggedScore: number

const clientId = () => randomBytes(9).toString('base64url')
const call = (m: Member | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  memberRequest(t.app, m, method, url, payload)

async function member(name: string, gender = 'male') {
  const m = await activeMember(t.app, { name, gender })
  await t.database.db.update(users).set({ credits: 500, paidUser: true }).where(eq(users.id, m.user.id))
  return m
}

const sendPhoto = (from: Member, to: Record<string, string>, image: Buffer, language = 'en') =>
  sendFileMessage(
    t.app,
    from,
    { kind: 'photo', ...to },
    { filename: 'p.jpg', contentType: 'image/jpeg', data: image },
    language,
  )

function sendText(from: Member, to: object, text: string, extra: object = {}, language = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/message.php',
    payload: { ...to, text, client_id: clientId(), ...extra },
    headers: { cookie: from.cookie, 'accept-language': language },
  })
}

function uploadProfilePhoto(m: Member, image: Buffer) {
  const { payload, headers } = multipartFile('photo', 'me.jpg', 'image/jpeg', image)
  return t.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    payload,
    headers: { ...headers, cookie: m.cookie },
  })
}

const received = async (m: Member, conversation: number) =>
  (await call(m, 'GET', `/api/messages.php?conversation=${conversation}`)).json().messages as Array<{
    id: number
    kind: string
    text: string
    flags: string[]
  }>

const setThreshold = (value: number) =>
  t.database.db.execute(
    sql`update sites set settings = jsonb_set(settings, '{explicit_photo_threshold}', ${JSON.stringify(value)}::jsonb)`,
  )

async function counts() {
  const day = now().toISOString().slice(0, 10)
  return t.app.services.safety.counts({ from: day, to: day })
}

beforeAll(async () => {
  t = await createTestApp({ clock: now })
  ;[flagged, neutral] = await Promise.all([
    readFile(path.join(DEMO, 'sample2.jpg')),
    readFile(path.join(DEMO, 'sample6.jpg')),
  ])
  flaggedScore = await t.app.services.safety.photoScore(flagged)
})
afterAll(() => t.close())

describe('explicit photos', () => {
  it('lets a neutral photo through; blurs one past the threshold after asking the sender once', async () => {
    expect(flaggedScore).toBeGreaterThan(0.1)
    expect(await t.app.services.safety.photoScore(neutral)).toBeLessThan(0.1)
    const a = await member('Sender')
    const b = await member('Receiver', 'female')
    const first = await sendPhoto(a, { profile: String(b.user.profile.id) }, neutral)
    expect(first.statusCode).toBe(200)
    expect(first.json().message.flags).toEqual([])
    const conversation = String(first.json().conversation)

    // The threshold just below the flagged photo's measured score: it now counts as explicit.
    await setThreshold(Math.round((flaggedScore - 0.05) * 100) / 100)
    await t.app.services.sites.reload()
    const before = await counts()
    const asked = await sendPhoto(a, { conversation }, flagged, 'fr')
    expect(asked.statusCode).toBe(409)
    expect(asked.json().error).toMatchObject({ code: 'chat.photo_explicit' })
    expect(asked.json().error.message).toContain('floutée')
    expect((await received(b, Number(conversation))).length).toBe(1)
    const anyway = await sendPhoto(a, { conversation, nudge: 'send_anyway' }, flagged)
    expect(anyway.statusCode).toBe(200)
    const seen = await received(b, Number(conversation))
    expect(seen.at(-1)).toMatchObject({ kind: 'photo', flags: ['explicit'] })

    // The receiver's choice is remembered per conversation, and only by a member of it.
    const show = await call(b, 'PUT', '/api/chat-safety.php', {
      conversation: Number(conversation),
      show_explicit: true,
    })
    expect(show.json()).toEqual({ show_explicit: true })
    expect((await call(b, 'GET', `/api/conversation.php?id=${conversation}`)).json().show_explicit).toBe(true)
    expect((await call(a, 'GET', `/api/conversation.php?id=${conversation}`)).json().show_explicit).toBe(
      false,
    )
    const stranger = await member('Stranger')
    expect(
      (
        await call(stranger, 'PUT', '/api/chat-safety.php', {
          conversation: Number(conversation),
          show_explicit: true,
        })
      ).statusCode,
    ).toBe(404)

    // One tap reports it: the photo's message, the reason from the flag.
    const report = await call(b, 'POST', '/api/message-report.php', { message: seen.at(-1)?.id })
    expect(report.statusCode).toBe(200)
    const [filed] = await t.database.db.select().from(complaints).where(eq(complaints.id, report.json().id))
    expect(filed).toMatchObject({ reason: 'inappropriate_photo', reportedProfileId: a.user.profile.id })
    expect(filed.context).toMatchObject({
      source: 'message',
      message: seen.at(-1)?.id,
      flags: ['explicit'],
      quoted: [{ from: 'reported', kind: 'photo' }],
    })
    const after = await counts()
    expect(after.explicit_asked - before.explicit_asked).toBe(1)
    expect(after.explicit_sent - before.explicit_sent).toBe(1)
    expect(after.explicit_reported - before.explicit_reported).toBe(1)
    // Nobody reports a message that was not sent to them.
    expect((await call(a, 'POST', '/api/message-report.php', { message: seen.at(-1)?.id })).statusCode).toBe(
      404,
    )
    expect(
      (await call(stranger, 'POST', '/api/message-report.php', { message: seen.at(-1)?.id })).statusCode,
    ).toBe(404)
  })

  it('holds an explicit profile photo whatever the setting, riskiest first in the queue', async () => {
    await setThreshold(Math.round((flaggedScore - 0.05) * 100) / 100)
    await t.app.services.sites.reload()
    const m = await member('Uploader')
    const clear = await uploadProfilePhoto(m, neutral)
    expect(clear.json().photo.status).toBe('active')
    const held = await uploadProfilePhoto(m, flagged)
    expect(held.json().photo.status).toBe('pending')
    const moderator = await staffMember(t.app, 'moderator', now)
    const queue = (
      await t.app.inject({ url: '/api/admin/photos.php', headers: { cookie: moderator.cookie } })
    ).json()
    const ids = queue.photos.map((p: { id: number }) => p.id)
    expect(ids.indexOf(held.json().photo.id)).toBeLessThan(ids.indexOf(clear.json().photo.id))
    expect(queue.photos[ids.indexOf(held.json().photo.id)]).toMatchObject({ explicit: true })
    expect(queue.photos[0].explicit_score).toBeGreaterThanOrEqual(queue.photos.at(-1).explicit_score ?? 0)
    await setThreshold(0.5)
    await t.app.services.sites.reload()
  })

  it('sends a flagged account’s first photos to the moderators first (a shared address aside)', async () => {
    const burst = await member('Office')
    await t.database.db
      .insert(memberSignals)
      .values({ userId: burst.user.id, kind: 'signup_burst', detail: { accounts: 3 }, createdAt: now() })
    // Photos of their own (the same photo twice would wait as a likely copy).
    expect((await uploadProfilePhoto(burst, await patternJpeg(381))).json().photo.status).toBe('active')
    const m = await member('Flagged')
    await t.database.db.insert(memberSignals).values({
      userId: m.user.id,
      kind: 'contact_in_first_message',
      detail: { found: '+33 6' },
      createdAt: now(),
    })
    expect((await uploadProfilePhoto(m, await patternJpeg(382))).json().photo.status).toBe('pending')
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, m.user.id))
    const [row] = await t.database.db.select().from(photos).where(eq(photos.profileId, profile.id))
    expect(row.explicitScore).toBeLessThan(0.1)
  })
})

describe('unkind messages', () => {
  it('asks before an insult, counts edits and sends anyway; the receiver reports it quoted', async () => {
    const a = await member('Rude')
    const b = await member('Target', 'female')
    const to = { profile: b.user.profile.id }
    const before = await counts()
    const asked = await sendText(a, to, 'You are an ugly idiot')
    expect(asked.statusCode).toBe(409)
    expect(asked.json().error).toMatchObject({
      code: 'chat.unkind',
      message: expect.stringContaining('hurt'),
    })
    const edited = await sendText(a, to, 'You look nice', { nudge: 'edited' })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().message.flags).toEqual([])
    const conversation = edited.json().conversation
    // The nudge is in the sender's language: a French insult from a French-speaking member.
    const fr = await sendText(a, { conversation }, 'T’es moche, ferme-la', {}, 'fr')
    expect(fr.json().error).toMatchObject({
      code: 'chat.unkind',
      message: expect.stringContaining('blesser'),
    })
    // Everyday words of adults on a dating site are not insults.
    expect((await sendText(a, { conversation }, 'I like sex and sushi')).statusCode).toBe(200)
    const anyway = await sendText(a, { conversation }, 'Shut up, loser', { nudge: 'send_anyway' })
    expect(anyway.json().message.flags).toEqual(['unkind'])
    const insult = (await received(b, conversation)).at(-1)
    expect(insult).toMatchObject({ text: 'Shut up, loser', flags: ['unkind'] })
    const report = await call(b, 'POST', '/api/message-report.php', { message: insult?.id })
    const [filed] = await t.database.db.select().from(complaints).where(eq(complaints.id, report.json().id))
    expect(filed).toMatchObject({ reason: 'harassment', reportedProfileId: a.user.profile.id })
    expect(filed.context).toMatchObject({
      source: 'message',
      flags: ['unkind'],
      quoted: [{ id: insult?.id, from: 'reported', kind: 'text', text: 'Shut up, loser' }],
    })
    const after = await counts()
    expect(after.unkind_asked - before.unkind_asked).toBe(2)
    expect(after.unkind_edited - before.unkind_edited).toBe(1)
    expect(after.unkind_sent - before.unkind_sent).toBe(1)
    expect(after.unkind_reported - before.unkind_reported).toBe(1)
  })
})

describe('the scam shield', () => {
  it('flags contact details and money in first messages, and an introduction pasted to many', async () => {
    const scammer = await member('Scammer')
    const intro = 'Hello dear, I am an engineer working abroad on an oil platform, lonely here'
    const targets = await Promise.all(['One', 'Two', 'Three'].map((n) => member(`Target${n}`, 'female')))
    const flagsOf = []
    for (const target of targets) {
      const res = await sendText(scammer, { profile: target.user.profile.id }, intro)
      flagsOf.push(res.json().message.flags)
      // The openings are recorded after the send (the moderators' signals): wait for it.
      await expect
        .poll(async () =>
          Number(
            (
              await queryRows<{ n: number }>(
                t.database.db,
                sql`select count(*)::int as n from opening_messages where sender_user_id = ${scammer.user.id}`,
              )
            )[0].n,
          ),
        )
        .toBe(flagsOf.length)
    }
    expect(flagsOf).toEqual([[], [], ['pasted']])
    // A payment asked for in an opening is a tip for the receiver and a signal for the moderators.
    const fourth = await member('TargetFour', 'female')
    const ask = await sendText(scammer, { profile: fourth.user.profile.id }, 'Could you buy me a Steam card?')
    expect(ask.json().message.flags).toEqual(['money'])
    await expect
      .poll(async () =>
        (
          await t.database.db.select().from(memberSignals).where(eq(memberSignals.userId, scammer.user.id))
        ).map((s) => s.kind),
      )
      .toContain('money_in_first_message')
    const conversation = (await sendText(scammer, { profile: targets[0].user.profile.id }, 'ok')).json()
      .conversation
    const money = await sendText(
      scammer,
      { conversation },
      'Please send 200 euros to FR76 3000 6000 0112 3456 7890 189, or a Steam card',
    )
    // An IBAN is a way to be paid, not a phone number (issue 60, point 3: it counted as both).
    expect(money.json().message.flags).toEqual(['money'])
    // Past a conversation's first ten messages, the signs are no longer tips.
    for (let i = 0; i < 8; i++) await sendText(targets[0], { conversation }, `Answer ${i}`)
    const late = await sendText(scammer, { conversation }, 'My WhatsApp is +33 6 12 34 56 78')
    expect(late.json().message.flags).toEqual([])
    const tip = (await received(targets[0], conversation)).find((m) => m.flags.includes('money'))
    const report = await call(targets[0], 'POST', '/api/message-report.php', { message: tip?.id })
    const [filed] = await t.database.db.select().from(complaints).where(eq(complaints.id, report.json().id))
    expect(filed.reason).toBe('spam_scam')
  })
})

describe('the scam score', () => {
  it('holds the new conversations of a sender past the threshold until a moderator looks', async () => {
    const sender = await member('Asker')
    const targets = await Promise.all(['A', 'B', 'C'].map((n) => member(`Held${n}`, 'female')))
    // Two openings asking for money: 3 + 3, the threshold (6).
    const first = await sendText(
      sender,
      { profile: targets[0].user.profile.id },
      'Send me a gift card please',
    )
    expect(first.json().message.flags).toEqual(['money'])
    await sendText(sender, { profile: targets[1].user.profile.id }, 'I need money, Western Union works')
    const signal = async () =>
      (await t.database.db.select().from(memberSignals).where(eq(memberSignals.userId, sender.user.id))).find(
        (s) => s.kind === 'scam_score',
      )
    await expect.poll(signal).toBeTruthy()
    expect((await signal())?.detail).toMatchObject({
      score: 6,
      reasons: { money: 2, pasted: 0, contact: 0 },
      messages: [
        { excerpt: 'I need money, Western Union works', flags: ['money'] },
        { excerpt: 'Send me a gift card please', flags: ['money'] },
      ],
    })
    // Held: no new conversation (in the member's language), the ones they have go on.
    const held = await sendText(sender, { profile: targets[2].user.profile.id }, 'Hello', {}, 'fr')
    expect(held.statusCode).toBe(403)
    expect(held.json().error).toMatchObject({
      code: 'chat.held',
      message: expect.stringContaining('attendent une vérification'),
    })
    expect(
      (await sendText(sender, { conversation: first.json().conversation }, 'Still here')).statusCode,
    ).toBe(200)
    expect(await t.app.services.safety.openingsHeld(sender.user.id)).not.toBeNull()

    // A moderator finds it a false alarm: the member may start conversations again.
    const moderator = await staffMember(t.app, 'moderator', now)
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/admin/signal-review.php',
      payload: { signal: (await signal())?.id, action: 'dismiss' },
      headers: { cookie: moderator.cookie },
    })
    expect(review.statusCode).toBe(200)
    expect(await t.app.services.safety.openingsHeld(sender.user.id)).toBeNull()
    expect((await sendText(sender, { profile: targets[2].user.profile.id }, 'Hello')).statusCode).toBe(200)
  })
})

describe('the rules in the console', () => {
  it('shows the counts and each rule’s precision on the moderators’ decisions', async () => {
    await setThreshold(Math.round((flaggedScore - 0.05) * 100) / 100)
    await t.app.services.sites.reload()
    const m = await member('Judged')
    const held = (await uploadProfilePhoto(m, flagged)).json().photo
    await setThreshold(0.5)
    await t.app.services.sites.reload()
    const moderator = await staffMember(t.app, 'moderator', now)
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: moderator.cookie } })
    const stats = async () =>
      (await as('GET', '/api/admin/safety-stats.php?from=2026-11-27&to=2026-11-27')).json()
    const rule = (s: { rules: Array<{ rule: string; decided: number; agreed: number }> }, name: string) =>
      s.rules.find((r) => r.rule === name)
    const before = await stats()
    // The moderator finds the held photo fine: the explicit-photo rule cried wolf once.
    await as('POST', '/api/admin/photo-review.php', { photo: held.id, decision: 'approve' })
    const after = await stats()
    expect(rule(after, 'explicit_photo')).toMatchObject({
      decided: (rule(before, 'explicit_photo')?.decided ?? 0) + 1,
      agreed: rule(before, 'explicit_photo')?.agreed,
    })
    // The earlier journeys of this file: the nudges counted, a dismissed scam score, a report.
    expect(after.counts.unkind_asked).toBeGreaterThanOrEqual(2)
    expect(rule(after, 'scam_score')).toMatchObject({ decided: 1, agreed: 0, precision: 0 })
    expect(rule(after, 'unkind_report')).toMatchObject({ decided: 0, precision: null })
    // A report made from a message counts for its rule once decided; one from the report sheet with
    // the same reason is a member's judgement, not the rule's, and does not.
    const sheet = await call(await member('Sheet', 'female'), 'POST', '/api/profile-report.php', {
      profile: m.user.profile.id,
      reason: 'harassment',
    })
    expect(sheet.statusCode, sheet.body).toBe(200)
    const harassment = await t.database.db
      .select()
      .from(complaints)
      .where(eq(complaints.reason, 'harassment'))
    expect(harassment.map((c) => c.context?.source).sort()).toEqual(['message', 'sheet'])
    for (const c of harassment) {
      const decided = await as('POST', '/api/admin/report-decision.php', {
        report: c.id,
        outcome: 'warn',
        reason: 'Unkind words break our rules.',
      })
      expect(decided.statusCode, decided.body).toBe(200)
    }
    expect(rule(await stats(), 'unkind_report')).toMatchObject({ decided: 1, agreed: 1, precision: 1 })
    // Another day has none of it.
    const other = (await as('GET', '/api/admin/safety-stats.php?from=2026-11-01&to=2026-11-02')).json()
    expect(other.counts.unkind_asked).toBe(0)
    expect((await as('GET', '/api/admin/safety-stats.php?from=2026-11-03&to=2026-11-02')).statusCode).toBe(
      400,
    )
  })
})

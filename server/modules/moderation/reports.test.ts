import { readFile } from 'node:fs/promises'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { users } from '#server/db/schema/members.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sendFileMessage } from '../../../tests/support/chat.ts'
import { testJpeg } from '../../../tests/support/images.ts'
import { lastMailTo, linkIn } from '../../../tests/support/mail.ts'
import { multipartBody, multipartFile } from '../../../tests/support/multipart.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let clock = new Date('2031-05-06T07:08:09Z')
let t: TestApp
let moderator: TestStaff
let second: TestStaff

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
  moderator = await staffMember(t.app, 'moderator', () => clock)
  second = await staffMember(t.app, 'moderator', () => clock)
})
afterAll(() => t.close())

type Member = Awaited<ReturnType<typeof activeMember>>

const as = (cookie: string, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, payload, headers: { cookie }, remoteAddress: remote() })

async function report(reporter: Member, reported: Member, message = 'He keeps asking for money.') {
  const res = await as(reporter.cookie, 'POST', '/api/complaints.php', {
    name: 'Reporter',
    email: reporter.email,
    reason: 'spam_scam',
    message,
    profile: reported.user.profile.id,
  })
  if (res.statusCode !== 201) throw new Error(res.body)
  return res.json().id as number
}

const decide = (who: TestStaff, body: object) =>
  as(who.cookie, 'POST', '/api/admin/report-decision.php', body)
const queue = async (who: TestStaff = moderator) =>
  (await as(who.cookie, 'GET', '/api/admin/reports.php')).json()
const login = (m: Member) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    payload: { email: m.email, password: m.password },
    remoteAddress: remote(),
  })
const search = async (viewer: Member) =>
  (await as(viewer.cookie, 'GET', '/api/members.php?page=1')).json().profiles.map((p: { id: number }) => p.id)
const auditOf = (id: number) =>
  queryRows<{ action: string; reason: string }>(
    t.database.db,
    sql`select action, reason from audit_log where target_type = 'report' and target_id = ${String(id)} order by id`,
  )

describe('reports', () => {
  it('shows a report with its context: the profile, its photos and the last messages between the two', async () => {
    const reporter = await activeMember(t.app)
    const reported = await activeMember(t.app, { name: 'Scammer' })
    await as(reported.cookie, 'POST', '/api/message.php', {
      profile: reporter.user.profile.id,
      text: 'Send me 500 euros please',
      client_id: `c-${Date.now()}`,
    })
    const id = await report(reporter, reported)
    const item = (await queue()).reports.find((r: { id: number }) => r.id === id)
    expect(item).toMatchObject({
      status: 'open',
      reason: 'spam_scam',
      reporter: { user_id: reporter.user.id, name: 'Reporter' },
      reported: { profile_id: reported.user.profile.id, name: 'Scammer', account_status: 'active' },
      appeal: null,
    })
    expect(item.messages).toEqual([
      expect.objectContaining({ from: 'reported', text: 'Send me 500 euros please' }),
    ])
    // Moderators see no address of either member.
    expect(JSON.stringify(item)).not.toContain(reporter.email)
  })

  it('shows a chat photo of the conversation as a thumbnail its moderators can open, and no other photo (issue 56)', async () => {
    const reporter = await activeMember(t.app)
    const reported = await activeMember(t.app, { name: 'Flasher' })
    const { body, contentType } = multipartBody(
      { kind: 'photo', profile: String(reporter.user.profile.id), client_id: `p-${Date.now()}`, text: '' },
      { field: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: await testJpeg(160, '#aa3355') },
    )
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/message-file.php',
      payload: body,
      headers: { cookie: reported.cookie, 'content-type': contentType },
      remoteAddress: remote(),
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const messageId = sent.json().message.id
    const id = await report(reporter, reported, 'He sent me this photo without asking.')
    const item = (await queue()).reports.find((r: { id: number }) => r.id === id)
    const [shown] = item.messages
    expect(shown).toMatchObject({
      from: 'reported',
      kind: 'photo',
      photo: {
        thumb_url: `/api/admin/report-photo.php?report=${id}&message=${messageId}&size=thumb`,
        url: `/api/admin/report-photo.php?report=${id}&message=${messageId}`,
      },
    })
    for (const url of [shown.photo.thumb_url, shown.photo.url]) {
      const image = await as(moderator.cookie, 'GET', url)
      expect(image.statusCode).toBe(200)
      expect(image.headers['content-type']).toBe('image/webp')
      expect((await sharp(image.rawPayload).metadata()).format).toBe('webp')
    }
    // Not through another report, not to a member, not to support.
    const other = await report(await activeMember(t.app), reported)
    expect(
      (await as(moderator.cookie, 'GET', `/api/admin/report-photo.php?report=${other}&message=${messageId}`))
        .statusCode,
    ).toBe(404)
    expect((await as(reporter.cookie, 'GET', shown.photo.url)).statusCode).toBe(401)
    const support = await staffMember(t.app, 'support', () => clock)
    expect((await as(support.cookie, 'GET', shown.photo.url)).statusCode).toBe(403)
  })

  it('plays a reported voice note to its moderators, through the report only (issue 58)', async () => {
    const reporter = await activeMember(t.app)
    const reported = await activeMember(t.app, { name: 'Whisperer' })
    await t.database.db.update(users).set({ credits: 200 }).where(eq(users.id, reported.user.id))
    const opened = await as(reported.cookie, 'POST', '/api/message.php', {
      profile: reporter.user.profile.id,
      text: 'Listen to this',
      client_id: `v-${Date.now()}`,
    })
    const conversation = String(opened.json().conversation)
    await as(reporter.cookie, 'POST', '/api/message.php', {
      conversation: Number(conversation),
      text: 'Go on then',
      client_id: `w-${Date.now()}`,
    })
    const recording = await readFile(new URL('../../../tests/fixtures/voice-6s.webm', import.meta.url))
    const sent = await sendFileMessage(
      t.app,
      reported,
      { kind: 'voice', conversation },
      { filename: 'voice.webm', contentType: 'audio/webm', data: recording },
    )
    expect(sent.statusCode, sent.body).toBe(200)
    const messageId = sent.json().message.id
    const id = await report(reporter, reported, 'His voice message was threatening.')
    const item = (await queue()).reports.find((r: { id: number }) => r.id === id)
    const shown = item.messages.find((m: { id: number }) => m.id === messageId)
    expect(shown).toMatchObject({
      from: 'reported',
      kind: 'voice',
      photo: null,
      voice: { url: `/api/admin/report-photo.php?report=${id}&message=${messageId}` },
    })
    const audio = await as(moderator.cookie, 'GET', shown.voice.url)
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toBe('audio/mp4')
    expect(audio.rawPayload.subarray(4, 8).toString()).toBe('ftyp')
    // A voice note has no thumbnail; another report does not reach it; a member cannot ask.
    expect((await as(moderator.cookie, 'GET', `${shown.voice.url}&size=thumb`)).statusCode).toBe(404)
    const other = await report(await activeMember(t.app), reported)
    expect(
      (await as(moderator.cookie, 'GET', `/api/admin/report-photo.php?report=${other}&message=${messageId}`))
        .statusCode,
    ).toBe(404)
    expect((await as(reporter.cookie, 'GET', shown.voice.url)).statusCode).toBe(401)
  })

  it('bans: sessions end, login answers accounts.banned, the profile leaves every list, both sides are told why, audited', async () => {
    const reporter = await activeMember(t.app)
    const reported = await activeMember(t.app, { name: 'Banme' })
    const viewer = await activeMember(t.app)
    expect(await search(viewer)).toContain(reported.user.profile.id)
    const id = await report(reporter, reported)
    // A ban is refused until confirmed, in words, and nothing changes (issue 39).
    const unconfirmed = await decide(moderator, {
      report: id,
      outcome: 'ban',
      reason: 'Asking members for money breaks rule 4.',
    })
    expect(unconfirmed.statusCode).toBe(400)
    expect(unconfirmed.json().error.fields.confirm).toBe('Confirm the ban first: tick the box.')
    expect((await as(reported.cookie, 'GET', '/api/user.php')).json().user).not.toBeNull()
    const res = await decide(moderator, {
      report: id,
      outcome: 'ban',
      reason: 'Asking members for money breaks rule 4.',
      confirm: true,
    })
    expect(res.json()).toEqual({ report: { id, status: 'decided', outcome: 'ban' } })

    expect((await as(reported.cookie, 'GET', '/api/user.php')).json().user).toBeNull()
    const again = await login(reported)
    expect(again.statusCode).toBe(403)
    expect(again.json().error.code).toBe('accounts.banned')
    expect(await search(viewer)).not.toContain(reported.user.profile.id)
    expect(
      (await as(viewer.cookie, 'GET', `/api/member.php?id=${reported.user.profile.id}`)).statusCode,
    ).toBe(404)
    const sent = await as(viewer.cookie, 'POST', '/api/message.php', {
      profile: reported.user.profile.id,
      text: 'hello',
      client_id: `c-${Date.now()}-2`,
    })
    expect(sent.statusCode).toBe(404)
    // Signing up again with the same address leads to the ban page too.
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      payload: {
        email: reported.email,
        name: 'Again',
        password: 'amber-lantern-77',
        date_of_birth: '1990-01-01',
        gender: 'male',
      },
      remoteAddress: remote(),
    })
    expect(signup.json().error.code).toBe('accounts.banned')

    const toReporter = await lastMailTo(t.database.db, reporter.email)
    expect(toReporter?.subject).toBe(`About your report no. ${id} — LunaDate`)
    expect(toReporter?.text).toContain('The account is closed for good.')
    expect(toReporter?.text).toContain('Our reasons: Asking members for money breaks rule 4.')
    const toMember = await lastMailTo(t.database.db, reported.email)
    expect(toMember?.text).toContain('Your account is closed')
    expect(toMember?.text).toContain('A member reported your profile and we have looked into it.')
    expect(toMember?.text).toContain('/appeal/')
    expect(await auditOf(id)).toEqual([
      { action: 'report.decided', reason: 'Asking members for money breaks rule 4.' },
    ])
  })

  it('takes one appeal, decided by another moderator; lifting the ban shows the profile again', async () => {
    const reporter = await activeMember(t.app)
    const reported = await activeMember(t.app)
    await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      payload: { language: 'fr' },
      headers: { cookie: reported.cookie },
    })
    const id = await report(reporter, reported)
    await decide(moderator, {
      report: id,
      outcome: 'ban',
      reason: 'Fake pictures, says the reporter.',
      confirm: true,
    })
    const mail = await lastMailTo(t.database.db, reported.email)
    expect(mail?.subject).toBe('Une décision concernant votre compte — LunaDate')
    const token = linkIn(mail?.text ?? '', '/appeal/').split('/appeal/')[1]

    const short = await t.app.inject({
      method: 'POST',
      url: '/api/appeal.php',
      payload: { token, text: 'no' },
    })
    expect(short.statusCode).toBe(400)
    const appealed = await t.app.inject({
      method: 'POST',
      url: '/api/appeal.php',
      payload: { token, text: 'These are my own photos, I can show my passport.' },
    })
    expect(appealed.statusCode).toBe(200)
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/appeal.php',
      payload: { token, text: 'These are my own photos, I can show my passport.' },
    })
    expect(twice.json().error.code).toBe('moderation.appeal_invalid')

    const item = (await queue(moderator)).reports.find((r: { id: number }) => r.id === id)
    expect(item.appeal).toMatchObject({ outcome: 'ban', decided_by_you: true })
    expect(
      (await decide(moderator, { report: id, outcome: 'dismiss', reason: 'Changed my mind.' })).json().error
        .code,
    ).toBe('moderation.same_moderator')
    const overturned = await decide(second, {
      report: id,
      outcome: 'dismiss',
      reason: 'The photos are hers.',
    })
    expect(overturned.json()).toEqual({ report: { id, status: 'closed', outcome: 'dismiss' } })
    expect((await login(reported)).statusCode).toBe(200)
    const [row] = await t.database.db.select().from(users).where(eq(users.id, reported.user.id))
    expect(row.status).toBe('active')
    expect(await search(reporter)).toContain(reported.user.profile.id)
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['report.decided', 'report.appeal_decided'])
  })

  it('hides a photo or the text, warns, dismisses; a decided report cannot be decided again', async () => {
    const reporter = await activeMember(t.app)
    const reported = await activeMember(t.app)
    await as(reported.cookie, 'PUT', '/api/profile.php', { about: 'Call me on my number' })
    const prompts = [{ prompt: 'typical_sunday', answer: 'Texting you on +31 6 1234 5678' }]
    const saved = await as(reported.cookie, 'PUT', '/api/profile-prompts.php', {
      answers: prompts,
      moves: [],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const hideText = await report(reporter, reported)
    // The moderator reads every text the decision would hide: the about text and the prompts.
    const item = (await queue()).reports.find((r: { id: number }) => r.id === hideText)
    expect(item.reported).toMatchObject({ about: 'Call me on my number', prompts })
    const hidden = await decide(moderator, {
      report: hideText,
      outcome: 'hide_text',
      reason: 'Phone numbers are not allowed.',
    })
    expect(hidden.json()).toMatchObject({ report: { outcome: 'hide_text' } })
    const own = (await as(reported.cookie, 'GET', '/api/profile.php')).json().profile
    expect(own.about).toBeNull()
    expect((await as(reported.cookie, 'GET', '/api/profile-prompts.php')).json().answers).toEqual([])
    expect(
      (await decide(moderator, { report: hideText, outcome: 'warn', reason: 'Once more.' })).statusCode,
    ).toBe(409)

    const { payload, headers } = multipartFile(
      'photo',
      'me.jpg',
      'image/jpeg',
      await testJpeg(160, '#335577'),
    )
    const photo = (
      await t.app.inject({
        method: 'POST',
        url: '/api/photos.php',
        payload,
        headers: { ...headers, cookie: reported.cookie },
      })
    ).json().photo
    const hidePhoto = await report(reporter, reported)
    await decide(moderator, {
      report: hidePhoto,
      outcome: 'hide_photo',
      photo: photo.id,
      reason: 'Not you on this photo.',
    })
    const photos = (await as(reported.cookie, 'GET', '/api/profile.php')).json().profile.photos
    expect(photos).toEqual([expect.objectContaining({ id: photo.id, status: 'rejected' })])

    const warn = await report(reporter, reported)
    await decide(moderator, { report: warn, outcome: 'warn', reason: 'Be kind to other members.' })
    expect((await lastMailTo(t.database.db, reported.email))?.text).toContain('This is a warning')
    const dismiss = await report(reporter, reported)
    await decide(moderator, { report: dismiss, outcome: 'dismiss', reason: 'Nothing against our rules.' })
    expect((await lastMailTo(t.database.db, reporter.email))?.text).toContain(
      'We found no breach of our rules',
    )
  })

  it('lets no member or support staff see or decide reports', async () => {
    const support = await staffMember(t.app, 'support', () => clock)
    expect((await as(support.cookie, 'GET', '/api/admin/reports.php')).statusCode).toBe(403)
    const member = await activeMember(t.app)
    expect((await as(member.cookie, 'GET', '/api/admin/reports.php')).statusCode).toBe(401)
  })
  // Last: it moves the clock past the staff sessions' 8 hours.
  it('suspends for a time: no login until then, and the profile shows again when it ends', async () => {
    const reporter = await activeMember(t.app)
    const reported = await activeMember(t.app)
    const id = await report(reporter, reported)
    const missing = await decide(moderator, {
      report: id,
      outcome: 'suspend',
      reason: 'Rude messages to several members.',
    })
    expect(missing.json().error.code).toBe('moderation.days_required')
    expect(await auditOf(id)).toEqual([])
    await decide(moderator, {
      report: id,
      outcome: 'suspend',
      days: 3,
      reason: 'Rude messages to several members.',
    })
    const refused = await login(reported)
    expect(refused.json().error).toMatchObject({ code: 'accounts.suspended' })
    expect(refused.json().error.message).toContain('2031-05-09')
    expect(await search(reporter)).not.toContain(reported.user.profile.id)

    clock = new Date('2031-05-09T08:00:00Z')
    await t.app.services.reports.endSuspensions()
    expect(await search(reporter)).toContain(reported.user.profile.id)
    expect((await login(reported)).statusCode).toBe(200)
  })
})

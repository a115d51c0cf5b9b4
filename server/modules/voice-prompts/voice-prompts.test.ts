import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { testJpeg } from '../../../tests/support/images.ts'
import { lastMailTo } from '../../../tests/support/mail.ts'
import { multipartBody } from '../../../tests/support/multipart.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { withPhotoMode } from '../../../tests/support/site-settings.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// A profile's voice prompt (issue 58, point 6), with the real FFmpeg thread and a real recording
// (Chromium's MediaRecorder, Opus in WebM, six seconds).

let t: TestApp
let moderator: TestStaff
let recording: Buffer
type Member = Awaited<ReturnType<typeof activeMember>>

beforeAll(async () => {
  t = await createTestApp()
  moderator = await staffMember(t.app, 'moderator', () => new Date())
  recording = await readFile(new URL('../../../tests/fixtures/voice-6s.webm', import.meta.url))
})
afterAll(() => t.close())

function save(member: Member, prompt: string, audio: Buffer, type = 'audio/webm', language = 'en') {
  const { body, contentType } = multipartBody(
    { prompt },
    { field: 'photo', filename: 'voice.webm', contentType: type, data: audio },
  )
  return t.app.inject({
    method: 'POST',
    url: '/api/profile-voice.php',
    payload: body,
    headers: { cookie: member.cookie, 'content-type': contentType, 'accept-language': language },
  })
}

/** What another member hears of `profileId`'s voice prompt on their page. */
const heardBy = async (viewer: Member, profileId: number) =>
  (await memberRequest(t.app, viewer, 'GET', `/api/member.php?id=${profileId}`)).json().profile.voice

const storedPrompts = async () =>
  (await readdir(path.join(t.env.DATA_DIR, 'media', 'u'), { recursive: true }).catch(() => [])).filter((f) =>
    String(f).endsWith('.m4a'),
  )

/** 8-bit mono PCM at 8 kHz: a long recording in a small file. */
function longWav(seconds: number) {
  const data = Buffer.alloc(8000 * seconds, 0x80)
  for (let i = 0; i < data.length; i++)
    data[i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 220 * i) / 8000))
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(8000, 24)
  header.writeUInt32LE(8000, 28)
  header.writeUInt16LE(1, 32)
  header.writeUInt16LE(8, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

const asModerator = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: moderator.cookie }, remoteAddress: remote() })

describe('a voice prompt on the profile', () => {
  it('is recorded, measured by the server, played on the profile page, replaced and removed with its file', async () => {
    const owner = await activeMember(t.app, { name: 'Sonia', gender: 'female' })
    const viewer = await activeMember(t.app, { name: 'Victor' })
    const before = (await storedPrompts()).length

    const saved = await save(owner, 'perfect_sunday', recording)
    expect(saved.statusCode).toBe(201)
    const voice = saved.json().voice
    expect(voice).toMatchObject({ prompt: 'perfect_sunday', status: 'active', reject_reason: null })
    expect(Math.abs(voice.seconds - 6)).toBeLessThan(0.5)
    expect(voice.levels).toHaveLength(48)
    expect(await storedPrompts()).toHaveLength(before + 1)

    // Other members hear it on the profile page, from the public media, as AAC in MP4.
    const heard = await heardBy(viewer, owner.user.profile.id)
    expect(heard).toEqual({
      prompt: 'perfect_sunday',
      url: voice.url,
      seconds: voice.seconds,
      levels: voice.levels,
    })
    const file = await t.app.inject({ url: heard.url })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('audio/mp4')
    expect(file.rawPayload.subarray(4, 8).toString()).toBe('ftyp')

    // A new answer replaces it: one file kept.
    const again = await save(owner, 'laugh', recording)
    expect(again.json().voice.prompt).toBe('laugh')
    expect(await storedPrompts()).toHaveLength(before + 1)
    expect((await t.app.inject({ url: voice.url })).statusCode).toBe(404)
    expect((await memberRequest(t.app, owner, 'GET', '/api/profile-voice.php')).json().voice.prompt).toBe(
      'laugh',
    )

    const removed = await memberRequest(t.app, owner, 'DELETE', '/api/profile-voice.php')
    expect(removed.statusCode).toBe(200)
    expect(await heardBy(viewer, owner.user.profile.id)).toBeNull()
    expect(await storedPrompts()).toHaveLength(before)
    expect((await memberRequest(t.app, owner, 'GET', '/api/profile-voice.php')).json()).toEqual({
      voice: null,
    })
  })

  it('refuses what is not a voice answer in the member’s language, and keeps nothing', async () => {
    const owner = await activeMember(t.app, { name: 'Refused' })
    const before = (await storedPrompts()).length
    const jpeg = await save(owner, 'laugh', await testJpeg(200, '#336699'), 'audio/webm', 'fr')
    expect(jpeg.statusCode).toBe(400)
    expect(jpeg.json().error).toMatchObject({ code: 'voice.not_audio' })
    const long = await save(owner, 'laugh', longWav(35), 'audio/wav')
    expect(long.statusCode).toBe(400)
    expect(long.json().error).toMatchObject({ code: 'voice.too_long' })
    expect(long.json().error.message).toContain('30 seconds')
    const empty = await save(owner, 'laugh', Buffer.alloc(0))
    expect(empty.statusCode).toBe(400)
    const unknown = await save(owner, 'favourite_colour', recording, 'audio/webm', 'fr')
    expect(unknown.statusCode).toBe(400)
    expect(JSON.stringify(unknown.json().error)).toContain('Choisissez une question')
    const big = await save(owner, 'laugh', Buffer.alloc(500_000, 1))
    expect(big.statusCode).toBe(413)
    expect(await storedPrompts()).toHaveLength(before)
    expect((await memberRequest(t.app, owner, 'GET', '/api/profile-voice.php')).json()).toEqual({
      voice: null,
    })
    // A visitor has no voice prompt to save.
    const visitor = await t.app.inject({ method: 'GET', url: '/api/profile-voice.php' })
    expect(visitor.statusCode).toBe(403)
  })

  it('is held until a moderator approves it on a pre-moderated site; a rejection hides it and mails why', async () => {
    await withPhotoMode(t, 'pending', async () => {
      const owner = await activeMember(t.app, { name: 'Held' })
      await t.database.db.execute(sql`update users set language = 'fr' where id = ${owner.user.id}`)
      const viewer = await activeMember(t.app, { name: 'Listener' })
      const saved = await save(owner, 'song', recording)
      expect(saved.json().voice.status).toBe('pending')
      expect(await heardBy(viewer, owner.user.profile.id)).toBeNull()

      const queue = (await asModerator('GET', '/api/admin/voice-prompts.php')).json()
      const waiting = queue.voices.find((v: { profile_id: number }) => v.profile_id === owner.user.profile.id)
      expect(waiting).toMatchObject({ name: 'Held', prompt: 'song', status: 'pending' })
      expect(queue.waiting).toBeGreaterThan(0)
      // A member may not decide, nor list it.
      const byMember = await memberRequest(t.app, viewer, 'POST', '/api/admin/voice-prompt-review.php', {
        profile: owner.user.profile.id,
        decision: 'approve',
      })
      expect(byMember.statusCode).toBe(401)

      const approved = await asModerator('POST', '/api/admin/voice-prompt-review.php', {
        profile: owner.user.profile.id,
        decision: 'approve',
      })
      expect(approved.json()).toEqual({ voice: { profile: owner.user.profile.id, status: 'active' } })
      expect((await heardBy(viewer, owner.user.profile.id)).prompt).toBe('song')
      const twice = await asModerator('POST', '/api/admin/voice-prompt-review.php', {
        profile: owner.user.profile.id,
        decision: 'reject',
        reason: 'offensive',
      })
      expect(twice.statusCode).toBe(409)

      // A new answer waits again; this one is hidden, its member told why in French.
      await save(owner, 'story', recording)
      expect(await heardBy(viewer, owner.user.profile.id)).toBeNull()
      const rejected = await asModerator('POST', '/api/admin/voice-prompt-review.php', {
        profile: owner.user.profile.id,
        decision: 'reject',
        reason: 'contact_details',
      })
      expect(rejected.json().voice.status).toBe('rejected')
      expect(await heardBy(viewer, owner.user.profile.id)).toBeNull()
      const own = (await memberRequest(t.app, owner, 'GET', '/api/profile-voice.php')).json().voice
      expect(own).toMatchObject({ status: 'rejected', reject_reason: 'contact_details' })
      const mail = await lastMailTo(t.database.db, owner.email)
      expect(mail?.subject).toContain('réponse vocale')
      expect(mail?.text).toContain('coordonnées')
      const audit = await queryRows<{ action: string; reason: string | null }>(
        t.database.db,
        sql`select action, reason from audit_log where target_type = 'profile'
              and target_id = ${String(owner.user.profile.id)} order by id`,
      )
      expect(audit).toEqual([
        { action: 'voice_prompt.approve', reason: null },
        { action: 'voice_prompt.reject', reason: 'contact_details' },
      ])
    })
  })
})

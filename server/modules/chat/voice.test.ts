import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/members.ts'
import { loadFFmpeg } from '#server/lib/voice/ffmpeg-core.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sendFileMessage } from '../../../tests/support/chat.ts'
import { testJpeg } from '../../../tests/support/images.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Voice notes (issue 58) through the one upload call of every kind that carries a file, with the
// real FFmpeg thread and a real recording (Chromium's MediaRecorder, Opus in WebM, six seconds).

let t: TestApp
type Member = Awaited<ReturnType<typeof activeMember>>
let recording: Buffer

const clientId = () => randomBytes(9).toString('base64url')

async function member(name: string, gender = 'male') {
  const m = await activeMember(t.app, { name, gender })
  await t.database.db.update(users).set({ credits: 500, paidUser: true }).where(eq(users.id, m.user.id))
  return m
}

const sendVoice = (from: Member, to: Record<string, string>, audio: Buffer, language = 'en') =>
  sendFileMessage(
    t.app,
    from,
    { kind: 'voice', ...to },
    { filename: 'voice.webm', contentType: 'audio/webm', data: audio },
    language,
  )

/** A conversation `a` opened and `b` answered: a voice note may go in it. */
async function talking(a: Member, b: Member): Promise<string> {
  const opened = await memberRequest(t.app, a, 'POST', '/api/message.php', {
    profile: b.user.profile.id,
    text: 'Hi there',
    client_id: clientId(),
  })
  const conversation = String(opened.json().conversation)
  await memberRequest(t.app, b, 'POST', '/api/message.php', {
    conversation: Number(conversation),
    text: 'Hello back',
    client_id: clientId(),
  })
  return conversation
}

const credits = async (m: Member) =>
  (await t.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, m.user.id)))[0]
    ?.credits
const storedVoices = async () =>
  (await readdir(path.join(t.env.DATA_DIR, 'media', 'c'), { recursive: true }).catch(() => [])).filter((f) =>
    String(f).endsWith('.m4a'),
  ).length

beforeAll(async () => {
  t = await createTestApp()
  recording = await readFile(new URL('../../../tests/fixtures/voice-6s.webm', import.meta.url))
})
afterAll(() => t.close())

describe('voice notes', () => {
  it('answer a conversation, paid at the site’s price, measured by the server, heard by its two members only', async () => {
    const a = await member('Speaker')
    const b = await member('Listener', 'female')
    const stranger = await member('Stranger')
    // Never a conversation's first message: refused, nothing stored, nothing taken.
    const before = { credits: await credits(a), voices: await storedVoices() }
    const first = await sendVoice(a, { profile: String(b.user.profile.id) }, recording, 'fr')
    expect(first.statusCode).toBe(409)
    expect(first.json().error).toMatchObject({ code: 'voice.reply_only' })
    expect(first.json().error.message).toContain('quand ce membre vous aura écrit')
    expect({ credits: await credits(a), voices: await storedVoices() }).toEqual(before)

    const opened = await memberRequest(t.app, a, 'POST', '/api/message.php', {
      profile: b.user.profile.id,
      text: 'Hello, may I send you a voice note?',
      client_id: clientId(),
    })
    const conversation = String(opened.json().conversation)
    // Not before the other member has written in it.
    const early = await sendVoice(a, { conversation }, recording)
    expect(early.json().error).toMatchObject({ code: 'voice.reply_only' })
    expect({ credits: await credits(a), voices: await storedVoices() }).toEqual({
      credits: (before.credits ?? 0) - 10,
      voices: before.voices,
    })
    await memberRequest(t.app, b, 'POST', '/api/message.php', {
      conversation: Number(conversation),
      text: 'Sure, go ahead!',
      client_id: clientId(),
    })
    const paid = await credits(a)
    const sent = await sendVoice(a, { conversation }, recording)
    expect(sent.statusCode).toBe(200)
    const { message } = sent.json()
    expect(message).toMatchObject({ kind: 'voice', text: '', photo: null })
    expect(message.voice.seconds).toBeGreaterThan(5.5)
    expect(message.voice.seconds).toBeLessThan(6.5)
    expect(message.voice.levels).toHaveLength(48)
    expect(message.voice.filename).toMatch(/^\/media\/c\/\d{4}-\d{2}\/[0-9a-f]{32}\.m4a$/)
    expect(await credits(a)).toBe((paid ?? 0) - 15)

    // The receiver hears it as every browser plays it; a third member and a visitor do not.
    const heard = await memberRequest(t.app, b, 'GET', message.voice.filename)
    expect(heard.statusCode).toBe(200)
    expect(heard.headers['content-type']).toBe('audio/mp4')
    expect(heard.headers['cache-control']).toContain('private')
    expect((await memberRequest(t.app, stranger, 'GET', message.voice.filename)).statusCode).toBe(404)
    expect((await memberRequest(t.app, null, 'GET', message.voice.filename)).statusCode).toBe(404)
    const listed = await memberRequest(t.app, b, 'GET', `/api/messages.php?conversation=${conversation}`)
    expect(listed.json().messages.at(-1)).toMatchObject({ kind: 'voice', voice: message.voice })
    // The chat list says what it is and how long, by the server's measure.
    const chats = (await memberRequest(t.app, b, 'GET', '/api/chats.php')).json().chats
    expect(chats[0].last_message).toMatchObject({
      kind: 'voice',
      seconds: message.voice.seconds,
      from_me: false,
    })

    // Played by its receiver, once; its sender and a stranger cannot mark it.
    expect(message.voice.played).toBe(false)
    const played = (m: Member) =>
      memberRequest(t.app, m, 'PUT', '/api/voice-played.php', { message: message.id })
    expect((await played(a)).json()).toEqual({ played: false })
    expect((await played(stranger)).json()).toEqual({ played: false })
    expect((await played(b)).json()).toEqual({ played: true })
    expect((await played(b)).json()).toEqual({ played: false })
    const seen = await memberRequest(t.app, a, 'GET', `/api/messages.php?conversation=${conversation}`)
    expect(seen.json().messages.at(-1).voice).toMatchObject({ played: true, seconds: message.voice.seconds })

    // A retry answers the same message, charges nothing more and keeps no second recording.
    const voices = await storedVoices()
    const again = await sendVoice(a, { conversation, client_id: message.client_id }, recording)
    expect(again.json().message.id).toBe(message.id)
    expect(await credits(a)).toBe((paid ?? 0) - 15)
    expect(await storedVoices()).toBe(voices)
  })

  it('go to no member who turned them off, in the sender’s language, nothing taken', async () => {
    const a = await member('Caller')
    const b = await member('Quiet', 'female')
    const conversation = await talking(a, b)
    const own = (await memberRequest(t.app, b, 'GET', '/api/profile.php')).json().profile
    expect(own.voice_notes).toBe(true)
    const saved = await memberRequest(t.app, b, 'PUT', '/api/profile.php', { voice_notes: false })
    expect(saved.statusCode, saved.body).toBe(200)
    const before = { credits: await credits(a), voices: await storedVoices() }
    const refused = await sendVoice(a, { conversation }, recording, 'fr')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatchObject({
      code: 'voice.not_accepted',
      message: 'Quiet ne reçoit pas de messages vocaux. Écrivez-lui plutôt.',
    })
    expect({ credits: await credits(a), voices: await storedVoices() }).toEqual(before)
    await memberRequest(t.app, b, 'PUT', '/api/profile.php', { voice_notes: true })
    expect((await sendVoice(a, { conversation }, recording)).statusCode).toBe(200)
  })

  it('refuses what is not a recording it can play, too long or too large, storing and taking nothing', async () => {
    const a = await member('Forger')
    const b = await member('Target', 'female')
    const conversation = await talking(a, b)
    const before = { credits: await credits(a), voices: await storedVoices() }
    const refusal = async (audio: Buffer, language = 'en') => {
      const res = await sendVoice(a, { conversation }, audio, language)
      return { status: res.statusCode, code: res.json().error?.code, message: res.json().error?.message }
    }
    // A JPEG named .webm, noise, nothing at all.
    expect(await refusal(await testJpeg(80, '#884422'))).toMatchObject({
      status: 400,
      code: 'voice.not_audio',
    })
    expect(await refusal(randomBytes(5000))).toMatchObject({ status: 400, code: 'voice.not_audio' })
    expect(await refusal(Buffer.alloc(0), 'fr')).toMatchObject({
      status: 400,
      code: 'voice.not_audio',
      message: 'Cet enregistrement est illisible. Enregistrez-le à nouveau.',
    })
    // Longer than the site allows (its header says nothing of it: the server decodes it).
    await t.database.db.execute(
      sql`update sites set settings = jsonb_set(settings, '{voice_max_seconds}', '5'::jsonb)`,
    )
    await t.app.services.sites.reload()
    expect(await refusal(recording)).toMatchObject({
      status: 400,
      code: 'voice.too_long',
      message: 'A voice message may last at most 5 seconds.',
    })
    // Larger than 5 s could hold, refused as it arrives.
    expect(await refusal(Buffer.concat([recording, randomBytes(80_000)]))).toMatchObject({
      status: 413,
      code: 'voice.too_large',
    })
    await t.database.db.execute(
      sql`update sites set settings = jsonb_set(settings, '{voice_max_seconds}', '60'::jsonb)`,
    )
    await t.app.services.sites.reload()
    expect({ credits: await credits(a), voices: await storedVoices() }).toEqual(before)
  })

  it('measure a note themselves: a ten-minute file small enough to arrive is refused, a claimed length is not believed', async () => {
    const a = await member('Claimer')
    const b = await member('Hearer', 'female')
    const conversation = await talking(a, b)
    const before = { credits: await credits(a), voices: await storedVoices() }
    // Ten minutes of Opus at 6 kbit/s: under the size bound of 60 s, so only decoding finds it out.
    const ffmpeg = await loadFFmpeg()
    const made = ffmpeg.exec(
      ...'-f lavfi -i sine=frequency=220:duration=600:sample_rate=8000 -ac 1 -c:a libopus -b:a 6k -compression_level 0 -frame_duration 60 -f webm long.webm'.split(
        ' ',
      ),
    )
    expect(made).toBe(0)
    const tenMinutes = Buffer.from(ffmpeg.FS.readFile('long.webm'))
    expect(tenMinutes.length).toBeLessThan(60 * 16_000)
    const long = await sendVoice(a, { conversation }, tenMinutes)
    expect(long.statusCode).toBe(400)
    expect(long.json().error).toMatchObject({ code: 'voice.too_long' })
    expect({ credits: await credits(a), voices: await storedVoices() }).toEqual(before)

    // A length the upload claims is nobody's word but its own: the server's measure is shown.
    const claimed = await sendVoice(a, { conversation, seconds: '1', duration: '1' }, recording)
    expect(claimed.statusCode).toBe(200)
    expect(Math.abs(claimed.json().message.voice.seconds - 6)).toBeLessThan(0.5)
  })
})

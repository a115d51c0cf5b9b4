import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { verifications, verifiedFaces } from '#server/db/schema/verification.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { testJpeg } from '../../../tests/support/images.ts'
import { lastMailTo, linkIn } from '../../../tests/support/mail.ts'
import { multipartBody, multipartFile } from '../../../tests/support/multipart.ts'
import { remote, staffMember } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let clock = new Date('2031-05-06T07:08:09Z')
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
})
afterAll(() => t.close())

type Member = Awaited<ReturnType<typeof activeMember>>

const as = (m: { cookie: string }, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    payload,
    headers: { cookie: m.cookie },
    remoteAddress: remote(),
  })

/** A member with a profile photo, who wrote (text and a photo) to another, got an answer and liked them. */
async function chattyPair() {
  const a = await activeMember(t.app, { name: 'Exporter' })
  const b = await activeMember(t.app, { name: 'Partner', gender: 'female' })
  await t.database.db.execute(sql`update users set credits = 100 where id in (${a.user.id}, ${b.user.id})`)
  const photo = multipartFile('photo', 'me.jpg', 'image/jpeg', await testJpeg(200, '#445566'))
  await t.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    payload: photo.payload,
    headers: { ...photo.headers, cookie: a.cookie },
  })
  await as(a, 'POST', '/api/message.php', {
    profile: b.user.profile.id,
    text: 'Hello from me',
    client_id: randomUUID(),
  })
  const { body, contentType } = multipartBody(
    { kind: 'photo', profile: String(b.user.profile.id), client_id: randomUUID(), text: 'A photo of my dog' },
    { field: 'photo', filename: 'dog.jpg', contentType: 'image/jpeg', data: await testJpeg(120, '#aa7733') },
  )
  const sentPhoto = await t.app.inject({
    method: 'POST',
    url: '/api/message-file.php',
    payload: body,
    headers: { cookie: a.cookie, 'content-type': contentType },
  })
  expect(sentPhoto.statusCode).toBe(200)
  await as(b, 'POST', '/api/message.php', {
    profile: a.user.profile.id,
    text: 'Hello back',
    client_id: randomUUID(),
  })
  await as(a, 'POST', '/api/like.php', { profile: b.user.profile.id })
  return { a, b }
}

/** Follows the mailed link, in the browser of `as` (the member by default: the link needs their session). */
async function download(member: Member, as: Member | null = member) {
  const mail = await lastMailTo(t.database.db, member.email)
  expect(mail?.subject).toBe('Your data from LunaDate is ready')
  const url = new URL(linkIn(mail?.text ?? '', '/api/data-export.php'))
  return t.app.inject({ url: `${url.pathname}${url.search}`, headers: as ? { cookie: as.cookie } : {} })
}

const mediaFiles = async () =>
  (await readdir(path.join(t.env.DATA_DIR, 'media'), { recursive: true })).filter((f) => f.endsWith('.webp'))

describe('data export', () => {
  it('prepares a zip of the member’s data and photos by a job, offered by a mailed link', async () => {
    const { a } = await chattyPair()
    // A live check that verified the member (issue 37): its outcome and date are theirs, its face is not.
    const checkedAt = new Date('2031-05-05T10:00:00Z')
    await t.database.db.insert(verifications).values({
      userId: a.user.id,
      poses: ['smile', 'look_up'],
      status: 'verified',
      createdAt: checkedAt,
      decidedAt: checkedAt,
    })
    await t.database.db
      .insert(verifiedFaces)
      .values({ userId: a.user.id, embedding: [0.123456, 0.654321], verifiedAt: checkedAt })
    expect((await as(a, 'POST', '/api/data-export.php')).json()).toEqual({ status: 'pending' })
    expect((await as(a, 'POST', '/api/data-export.php')).json().error.code).toBe('exports.pending')
    expect(await t.app.services.exports.prepareWaiting()).toBe(1)

    // The link alone is not enough: a visitor logs in first and comes back to it; another member
    // with the link gets nothing (issue 36, point 11).
    const visitor = await download(a, null)
    expect(visitor.statusCode).toBe(303)
    expect(visitor.headers.location).toMatch(/^\/login\?next=%2Fapi%2Fdata-export\.php%3Ftoken%3D/)
    const other = await download(a, await activeMember(t.app, { name: 'Nosy' }))
    expect(other.headers.location).toBe('/profile?export=expired')
    const res = await download(a)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-2031-05-06\.zip"$/)
    const zip = unzipSync(new Uint8Array(res.rawPayload))
    const json = (name: string) => JSON.parse(strFromU8(zip[name]))
    expect(Object.keys(zip).sort()).toEqual(
      expect.arrayContaining([
        'profile.json',
        'messages.json',
        'likes.json',
        'payments.json',
        'ledger.json',
        'sessions.json',
        'consents.json',
      ]),
    )
    const profile = json('profile.json')
    expect(profile.account).toMatchObject({ id: a.user.id, email: a.email })
    expect(profile.profile.name).toBe('Exporter')
    expect(Object.keys(zip).filter((f) => f.startsWith('photos/'))).toHaveLength(1)
    expect(Object.keys(zip).filter((f) => f.startsWith('chat-photos/'))).toHaveLength(1)
    expect(json('messages.json')).toEqual([
      expect.objectContaining({ direction: 'sent', text: 'Hello from me', with: 'Partner' }),
      expect.objectContaining({ direction: 'sent', kind: 'photo', text: 'A photo of my dog' }),
      expect.objectContaining({ direction: 'received', text: 'Hello back' }),
    ])
    expect(json('likes.json')).toEqual([expect.objectContaining({ direction: 'given', member: 'Partner' })])
    expect(json('ledger.json').length).toBeGreaterThanOrEqual(1)
    expect(json('sessions.json').length).toBeGreaterThanOrEqual(1)
    expect(json('consents.json')).toHaveProperty('terms_version_accepted')
    expect(json('verification.json')).toEqual({
      verified_face_kept_since: checkedAt.toISOString(),
      only_verified_members_may_start_a_conversation: false,
      checks: [
        {
          outcome: 'verified',
          reason: null,
          started: checkedAt.toISOString(),
          decided: checkedAt.toISOString(),
        },
      ],
    })
    const everything = Object.entries(zip)
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('')
    expect(everything).not.toMatch(/argon2|password|token|0\.12345|embedding/i)

    // After 7 days the link leads back to the profile, and the file is gone.
    clock = new Date('2031-05-13T08:00:00Z')
    const late = await download(a)
    expect(late.statusCode).toBe(303)
    expect(late.headers.location).toBe('/profile?export=expired')
    expect(await t.app.services.exports.forgetExpired()).toBe(1)
    expect(await readdir(path.join(t.env.DATA_DIR, 'exports'))).toEqual([])
  })

  it('lets support start the export for a member, audited', async () => {
    const member = await activeMember(t.app)
    const support = await staffMember(t.app, 'support', () => clock)
    const res = await as(support, 'POST', '/api/admin/member-action.php', {
      user: member.user.id,
      action: 'export',
      reason: 'Access request received by post',
    })
    expect(res.statusCode).toBe(200)
    await t.app.services.exports.prepareWaiting()
    expect((await download(member)).statusCode).toBe(200)
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_type = 'member' and target_id = ${String(member.user.id)}`,
    )
    expect(audit).toEqual([{ action: 'member.export' }])
  })

  it('erases, 14 days after a deletion, the messages’ text, the photos and the exports', async () => {
    const { a, b } = await chattyPair()
    await as(a, 'POST', '/api/data-export.php')
    await t.app.services.exports.prepareWaiting()
    const before = await mediaFiles()
    const [exported] = await queryRows<{ file: string }>(
      t.database.db,
      sql`select file from data_exports where user_id = ${a.user.id}`,
    )
    const exportFile = path.join(t.env.DATA_DIR, 'exports', exported.file)
    expect(existsSync(exportFile)).toBe(true)
    const deleted = await as(a, 'DELETE', '/api/user.php', { reason: 'found_someone', password: a.password })
    expect(deleted.statusCode).toBe(200)

    clock = new Date(clock.getTime() + 15 * 24 * 3_600_000)
    expect(await t.app.services.accountSettings.purgeExpiredDeletions()).toBeGreaterThanOrEqual(1)
    const left = await queryRows<{ body: string }>(
      t.database.db,
      sql`select body from messages where sender_user_id in (${a.user.id}, ${b.user.id}) order by id`,
    )
    expect(left.map((m) => m.body)).toEqual(['Hello back'])
    const after = await mediaFiles()
    // Their profile photo and the chat photo they sent (each a picture and a thumbnail) are gone.
    expect(before.length - after.length).toBe(4)
    expect(existsSync(exportFile)).toBe(false)
  })
})

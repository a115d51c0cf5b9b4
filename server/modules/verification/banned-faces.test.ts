import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { faceImage } from '../../../tests/support/faces.ts'
import { liveCheckKit } from '../../../tests/support/live-check.ts'
import { lastMailTo, linkIn } from '../../../tests/support/mail.ts'
import { multipartFile } from '../../../tests/support/multipart.ts'
import { fileReport } from '../../../tests/support/reports.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Banned faces stay out (issue 60, point 1), on the real face models and real faces: a ban lists the
// member's verified face and their photos' faces (vectors only); the same face checking again under
// a new address, or in a new account's photo, waits for a moderator who sees both faces and the
// ban's reasons; a different face passes; lifting the ban lifts its faces.

const clock = new Date('2031-07-08T09:10:11Z')
let t: TestApp
let moderator: TestStaff
let second: TestStaff

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
  moderator = await staffMember(t.app, 'moderator', () => clock)
  second = await staffMember(t.app, 'moderator', () => clock)
  await setPoses(['turn_left', 'turn_right'])
}, 60_000)
afterAll(() => t.close())

const { setPoses, memberWithPhotos, status, check, live } = liveCheckKit(() => t)
const staffAs = (who: TestStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie }, remoteAddress: remote() })
const REASONS = 'Asked three members for money by Western Union; rule 4.'

/** A report on the member, decided as a ban with its statement of reasons. */
async function ban(member: { user: { profile: { id: number } } }) {
  const report = await fileReport(t.app, member.user.profile.id, {
    reason: 'spam_scam',
    message: 'Money, again.',
  })
  const decided = await staffAs(moderator, 'POST', '/api/admin/report-decision.php', {
    report,
    outcome: 'ban',
    reason: REASONS,
    confirm: true,
  })
  expect(decided.statusCode, decided.body).toBe(200)
  return report
}

const listed = (report: number) =>
  queryRows<{ source: string; measured: boolean; photo_id: number | null }>(
    t.database.db,
    sql`select source, embedding is not null as measured, photo_id from banned_faces where report_id = ${report} order by id`,
  )

/** The ban each of a member's photos matched, as uploaded (null: none). */
const photoMatches = async (m: { user: { id: number } }) =>
  (
    await queryRows<{ report: number | null }>(
      t.database.db,
      sql`select (p.banned_face->>'report')::int as report from photos p
          join profiles pr on pr.id = p.profile_id where pr.user_id = ${m.user.id} order by p.id`,
    )
  ).map((r) => r.report)

describe('the ban list of faces', () => {
  it('holds a banned face that checks again under a new address, passes another face, and lets go when the ban is lifted', async () => {
    const banned = await memberWithPhotos('turned')
    await check(banned, live('turned'))
    expect((await status(banned)).verified).toBe(true)
    const report = await ban(banned)
    // Listed in the ban's transaction: the verified face as it is, the photos for the job.
    expect(await listed(report)).toEqual([
      { source: 'verification', measured: true, photo_id: null },
      expect.objectContaining({ source: 'photo', measured: false }),
      expect.objectContaining({ source: 'photo', measured: false }),
    ])
    expect(await t.app.services.bannedFaces.measureWaiting()).toBe(2)
    expect((await listed(report)).every((r) => r.measured)).toBe(true)
    // Vectors only: the list has no column that could hold a picture.
    const columns = await queryRows<{ column_name: string; data_type: string }>(
      t.database.db,
      sql`select column_name, data_type from information_schema.columns where table_name = 'banned_faces'`,
    )
    expect(columns.map((c) => c.data_type)).not.toContain('bytea')

    // The same face under a new address: its photos wait for a moderator, then its check does.
    const again = await memberWithPhotos('turned')
    expect(await photoMatches(again)).toEqual([report, report])
    const { id } = await check(again, live('turned'))
    const told = await status(again)
    expect(told.verification.status).toBe('review')
    expect(told.verified).toBe(false)
    expect(told.blocked).toBe('waiting_for_moderator')
    // Nothing in the member's own answer says why.
    expect(JSON.stringify(told)).not.toMatch(/ban/i)
    const queue = (await staffAs(moderator, 'GET', '/api/admin/verifications.php')).json()
    const item = queue.verifications.find((v: { id: number }) => v.id === id)
    expect(item.banned_face).toMatchObject({ report, user_id: banned.user.id, reason: REASONS })
    expect(item.banned_face.similarity).toBeGreaterThan(0.7)
    expect(item.banned_face.photo).toMatch(/^\/media\/u\//)
    expect(item.frames).toHaveLength(6)
    expect(item.can_verify).toBe(true)

    // A photo of the banned face on a new account is in the photo queue with the ban beside it.
    const newcomer = await activeMember(t.app)
    const upload = multipartFile(
      'photo',
      'me.jpg',
      'image/jpeg',
      await faceImage('turned', { margin: 0.5, size: 700 }),
    )
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      payload: upload.payload,
      headers: { ...upload.headers, cookie: newcomer.cookie },
    })
    expect(uploaded.json().photo.status).toBe('pending')
    const photoQueue = (await staffAs(moderator, 'GET', '/api/admin/photos.php')).json()
    const first = photoQueue.photos[0]
    expect(first.banned_face).toMatchObject({ report, reason: REASONS })

    // A different face passes: verified, no note, and its photos are not held.
    const other = await memberWithPhotos('turnedLeft')
    expect(await photoMatches(other)).toEqual([null, null])
    await check(other, live('turnedLeft'))
    expect((await status(other)).verification.status).toBe('verified')

    // The ban is lifted on appeal: its faces go, and the same face checks like anyone's.
    const mail = await lastMailTo(t.database.db, banned.email)
    const token = linkIn(mail?.text ?? '', '/appeal/').split('/appeal/')[1]
    const appealed = await t.app.inject({
      method: 'POST',
      url: '/api/appeal.php',
      payload: { token, text: 'It was my brother on my phone; I have changed my password.' },
    })
    expect(appealed.statusCode, appealed.body).toBe(200)
    const lifted = await staffAs(second, 'POST', '/api/admin/report-decision.php', {
      report,
      outcome: 'warn',
      reason: 'A first warning: the messages came from a relative.',
    })
    expect(lifted.statusCode, lifted.body).toBe(200)
    expect(await listed(report)).toEqual([])
    const third = await memberWithPhotos('turned')
    expect(await photoMatches(third)).toEqual([null, null])
    await check(third, live('turned'))
    expect((await status(third)).verification.status).toBe('verified')
  }, 300_000)
})

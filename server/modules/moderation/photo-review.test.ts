import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { photos } from '#server/db/schema/members.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { patternJpeg, testJpeg } from '../../../tests/support/images.ts'
import { lastMailTo } from '../../../tests/support/mail.ts'
import { multipartFile } from '../../../tests/support/multipart.ts'
import { withPhotoMode } from '../../../tests/support/site-settings.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const clock = new Date('2031-05-06T07:08:09Z')
let t: TestApp
let moderator: TestStaff
let support: TestStaff

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
  moderator = await staffMember(t.app, 'moderator', () => clock)
  support = await staffMember(t.app, 'support', () => clock)
})
afterAll(() => t.close())

async function upload(cookie: string, content: Buffer) {
  const { payload, headers } = multipartFile('photo', 'me.jpg', 'image/jpeg', content)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/photos.php',
    payload,
    headers: { ...headers, cookie },
  })
  if (res.statusCode !== 201) throw new Error(res.body)
  return res.json().photo as { id: number; status: string }
}

const queue = async (who: TestStaff = moderator) =>
  t.app.inject({ url: '/api/admin/photos.php', headers: { cookie: who.cookie }, remoteAddress: remote() })

const review = (body: object, who: TestStaff = moderator) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/photo-review.php',
    payload: body,
    headers: { cookie: who.cookie },
    remoteAddress: remote(),
  })

const publicImage = async (profileId: number) =>
  (await t.app.inject({ url: `/api/member.php?id=${profileId}` })).json().profile.main_image

const auditOf = (photoId: number) =>
  queryRows<{ action: string; reason: string | null; staff_email: string; before: unknown; after: unknown }>(
    t.database.db,
    sql`select action, reason, staff_email, before, after from audit_log where target_type = 'photo' and target_id = ${String(photoId)}`,
  )

describe('photo moderation', () => {
  it('holds a new photo until approved on a pre-moderated site; approval shows it and is audited', async () => {
    await withPhotoMode(t, 'pending', async () => {
      const member = await activeMember(t.app)
      const photo = await upload(member.cookie, await testJpeg(200, '#884400'))
      expect(photo.status).toBe('pending')
      expect(await publicImage(member.user.profile.id)).toBeNull()

      const page = (await queue()).json()
      const item = page.photos.find((p: { id: number }) => p.id === photo.id)
      expect(item).toMatchObject({
        status: 'pending',
        member: { user_id: member.user.id },
        duplicate_of: null,
      })
      expect(page.waiting).toBeGreaterThanOrEqual(1)

      const approved = await review({ photo: photo.id, decision: 'approve' })
      expect(approved.json()).toEqual({ photo: { id: photo.id, status: 'active' } })
      expect(await publicImage(member.user.profile.id)).toMatchObject({ status: 'active' })
      expect((await queue()).json().photos.some((p: { id: number }) => p.id === photo.id)).toBe(false)
      expect(await auditOf(photo.id)).toEqual([
        expect.objectContaining({
          action: 'photo.approve',
          staff_email: moderator.email,
          before: { status: 'pending', member: member.user.id },
          after: { status: 'active', via: 'photo' },
        }),
      ])
      // Decided once: a second decision (another moderator at the same moment) is refused.
      expect((await review({ photo: photo.id, decision: 'reject', reason: 'explicit' })).statusCode).toBe(409)
      expect(await auditOf(photo.id)).toHaveLength(1)
    })
  })

  it('shows a new photo at once on a post-moderated site and still queues it; a rejection hides it and tells the member why in their language', async () => {
    const member = await activeMember(t.app)
    await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      payload: { language: 'fr' },
      headers: { cookie: member.cookie },
    })
    const first = await upload(member.cookie, await testJpeg(200, '#224488'))
    const second = await upload(member.cookie, await testJpeg(200, '#228844'))
    expect(first.status).toBe('active')
    const profileId = member.user.profile.id
    expect(await publicImage(profileId)).toMatchObject({ status: 'active' })
    const item = (await queue()).json().photos.find((p: { id: number }) => p.id === first.id)
    expect(item.status).toBe('active')
    expect(item.others.map((o: { id: number }) => o.id)).toEqual([second.id])

    const rejected = await review({ photo: first.id, decision: 'reject', reason: 'not_you' })
    expect(rejected.json()).toEqual({ photo: { id: first.id, status: 'rejected' } })
    // The main photo was the rejected one: the member's other photo takes its place.
    const shown = await publicImage(profileId)
    const [secondRow] = await t.database.db.select().from(photos).where(eq(photos.id, second.id))
    expect(shown.filename).toContain(secondRow.filename)
    const own = (await t.app.inject({ url: '/api/profile.php', headers: { cookie: member.cookie } })).json()
    expect(own.profile.photos.find((p: { id: number }) => p.id === first.id).status).toBe('rejected')

    const mail = await lastMailTo(t.database.db, member.email)
    expect(mail?.subject).toBe('Une de vos photos n’a pas été approuvée — LunaDate')
    expect(mail?.text).toContain('La raison : elle ne semble pas vous montrer (photo d’une autre personne')
    expect(await auditOf(first.id)).toEqual([
      expect.objectContaining({ action: 'photo.reject', reason: 'not_you' }),
    ])
  })

  it('flags a photo that repeats one on another account, even saved again at another size, and holds it', async () => {
    const owner = await activeMember(t.app)
    const copier = await activeMember(t.app)
    const original = await upload(owner.cookie, await patternJpeg(7))
    const copy = await upload(copier.cookie, await patternJpeg(7, 500, 60))
    const own = await upload(copier.cookie, await patternJpeg(8))
    expect(original.status).toBe('active')
    expect(copy.status).toBe('pending')
    expect(own.status).toBe('active')
    const items = (await queue()).json().photos
    expect(items.find((p: { id: number }) => p.id === copy.id).duplicate_of).toMatchObject({
      photo_id: original.id,
      profile_id: owner.user.profile.id,
    })
    expect(items.find((p: { id: number }) => p.id === own.id).duplicate_of).toBeNull()
    // The owner's own second upload of the same picture is no copy of someone else's.
    expect((await upload(owner.cookie, await patternJpeg(7, 400, 70))).status).toBe('active')
  })

  it('lets no other role decide, and writes no audit row for a decision that fails', async () => {
    const member = await activeMember(t.app)
    const photo = await upload(member.cookie, await testJpeg(150, '#aa2222'))
    expect((await queue(support)).statusCode).toBe(403)
    expect((await review({ photo: photo.id, decision: 'approve' }, support)).statusCode).toBe(403)
    expect((await review({ photo: 2_000_000, decision: 'approve' })).json().error.code).toBe(
      'moderation.photo_not_found',
    )
    expect((await review({ photo: photo.id, decision: 'reject', reason: 'nonsense' })).statusCode).toBe(400)
    expect(await auditOf(photo.id)).toEqual([])
    expect(await auditOf(2_000_000)).toEqual([])
  })
})

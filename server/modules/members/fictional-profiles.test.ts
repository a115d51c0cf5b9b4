import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { testJpeg } from '../../../tests/support/images.ts'
import { multipartBody } from '../../../tests/support/multipart.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const clock = new Date('2031-05-06T07:08:09Z')
let t: TestApp
let operator: TestStaff

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
  operator = await staffMember(t.app, 'operator', () => clock)
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

describe('fictional profiles in the console', () => {
  // spec: DATA-20
  it('are made and edited by operators, with photos; the fictional flag stays and members see it', async () => {
    const [site] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from sites order by id limit 1`,
    )
    const made = await as(operator, 'POST', '/api/admin/fictional.php', {
      site: site.id,
      name: 'Sofia',
      date_of_birth: '1995-04-03',
      gender: 'female',
      sexuality: 'straight',
      country: 'NL',
      city: 'Utrecht',
      about: 'Loves sailing and long dinners.',
    })
    expect(made.statusCode).toBe(201)
    const profileId = made.json().profile.id
    expect(made.json().profile).toMatchObject({ name: 'Sofia', city: 'Utrecht', photos: [] })

    // The flag is not theirs to change: an extra field is not part of the call.
    const edited = await as(operator, 'PUT', '/api/admin/fictional.php', {
      profile: profileId,
      about: 'Loves sailing, dinners and cats.',
      fictional: false,
    })
    expect(edited.json().profile.about).toBe('Loves sailing, dinners and cats.')
    const [row] = await queryRows<{ fictional: boolean }>(
      t.database.db,
      sql`select fictional from profiles where id = ${profileId}`,
    )
    expect(row.fictional).toBe(true)

    const { body, contentType } = multipartBody(
      { profile: String(profileId) },
      {
        field: 'photo',
        filename: 'sofia.jpg',
        contentType: 'image/jpeg',
        data: await testJpeg(300, '#557799'),
      },
    )
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/admin/fictional-photo.php',
      payload: body,
      headers: { cookie: operator.cookie, 'content-type': contentType },
      remoteAddress: remote(),
    })
    expect(photo.statusCode).toBe(201)
    expect(photo.json().profile.photos).toEqual([expect.objectContaining({ status: 'active', main: true })])

    const seen = (await t.app.inject({ url: `/api/member.php?id=${profileId}` })).json().profile
    expect(seen).toMatchObject({ name: 'Sofia', fictional: true, main_image: { status: 'active' } })
    const listed = (await as(operator, 'GET', '/api/admin/fictional.php')).json().profiles
    expect(listed).toContainEqual(
      expect.objectContaining({ profile_id: profileId, name: 'Sofia', photos: 1 }),
    )

    const removed = await as(operator, 'DELETE', '/api/admin/fictional-photo.php', {
      photo: photo.json().profile.photos[0].id,
    })
    expect(removed.json().profile.photos).toEqual([])
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_type = 'profile' and target_id = ${String(profileId)} order by id`,
    )
    expect(audit.map((a) => a.action)).toEqual([
      'fictional.create',
      'fictional.update',
      'fictional.photo_add',
      'fictional.photo_remove',
    ])
  })

  it('edits only fictional profiles, and only for operators and admins', async () => {
    const support = await staffMember(t.app, 'support', () => clock)
    expect((await as(support, 'GET', '/api/admin/fictional.php')).statusCode).toBe(403)
    const [member] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from profiles where not fictional order by id limit 1`,
    )
    if (member) {
      const res = await as(operator, 'PUT', '/api/admin/fictional.php', {
        profile: member.id,
        about: 'hacked',
      })
      expect(res.json().error.code).toBe('fictional.not_found')
    }
    const missing = await as(operator, 'PUT', '/api/admin/fictional.php', { profile: 2_000_000, about: 'x' })
    expect(missing.statusCode).toBe(404)
  })

  it('like members of their own site only (the automatic like)', async () => {
    const sites = t.app.services.sites.list()
    const actor = { staffId: null, email: 'cli', role: 'cli', ip: null }
    const other = sites[1]
    await t.app.services.fictional.create(
      {
        site: other.id,
        name: 'Elsewhere',
        date_of_birth: '1993-01-01',
        gender: 'female',
        country: other.settings.countries[0],
      },
      actor,
    )
    const member = await activeMember(t.app, { name: 'Luuk', gender: 'male' })
    // The other site's profile would come first otherwise: the member's country, the most recent.
    await t.database.db.execute(
      sql`update profiles set country = ${member.user.profile.country}, last_active_at = '2040-01-01T00:00:00Z' where name = 'Elsewhere'`,
    )
    const auto = await t.app.inject({ url: '/api/auto-like.php', headers: { cookie: member.cookie } })
    expect(auto.json().profile).toMatchObject({ name: 'Sofia' })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PublicProfile } from '#common/schemas/members.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createMembersService, type MembersService } from './members.service.ts'

let t: TestApp
let members: MembersService

beforeAll(async () => {
  t = await createTestApp()
  members = createMembersService(t.database.db, { now: () => new Date() })
})
afterAll(() => t.close())

describe('getPublicProfile', () => {
  // spec: DATA-2
  it('answers what a visitor may see, the main image below the cdn_prefix', async () => {
    const { profile } = await buildMember(t.database.db, {
      name: 'Léa',
      birthDate: '1990-01-01',
      fictional: true,
    })
    const found = PublicProfile.parse(await members.getPublicProfile(profile.id, '/media'))
    expect(found).toMatchObject({
      id: profile.id,
      name: 'Léa',
      country: 'NL',
      city: 'Utrecht',
      fictional: true,
    })
    expect(found.age).toBeGreaterThanOrEqual(36)
    expect(found.main_image).toEqual({
      filename: `/media/test/${profile.id}.webp`,
      thumb_filename: `/media/test/${profile.id}-thumb.webp`,
      status: 'active',
    })
  })

  // spec: NAV-13
  it('never shows a main image that is not active', async () => {
    const { profile } = await buildMember(t.database.db, { photoStatus: 'pending' })
    expect((await members.getPublicProfile(profile.id, '/media'))?.main_image).toBeNull()
  })

  it('hides invisible, disabled, deleted and banned members, and unknown ids', async () => {
    const hidden = await Promise.all([
      buildMember(t.database.db, { invisible: true }),
      buildMember(t.database.db, { profileStatus: 'disabled' }),
      // Deleting or banning an account sets its profile's hidden flag (the accounts services do).
      buildMember(t.database.db, { userStatus: 'deleted', hidden: true }),
      buildMember(t.database.db, { userStatus: 'banned', hidden: true }),
    ])
    for (const { profile } of hidden) expect(await members.getPublicProfile(profile.id, '/media')).toBeNull()
    expect(await members.getPublicProfile(999_999, '/media')).toBeNull()
    expect(await members.getPublicProfile(-1, '/media')).toBeNull()
    expect(await members.getPublicProfile(2 ** 40, '/media')).toBeNull()
  })
})

describe('regionCounts (the map lander)', () => {
  it('counts the visible members of each region of a country, every region listed, nothing more exact', async () => {
    const regions = (await t.app.inject({ url: '/api/regions.php?country=BE' })).json().regions as Array<{
      id: number
      code: string
    }>
    const antwerp = regions.find((r) => r.code === 'BE-VAN')
    if (!antwerp) throw new Error('no Antwerp region')
    const before = await members.regionCounts('BE')
    await buildMember(t.database.db, { country: 'BE', regionId: antwerp.id })
    await buildMember(t.database.db, { country: 'BE', regionId: antwerp.id })
    // Invisible and hidden members are not counted.
    await buildMember(t.database.db, { country: 'BE', regionId: antwerp.id, invisible: true })
    await buildMember(t.database.db, { country: 'BE', regionId: antwerp.id, hidden: true })
    const after = await members.regionCounts('BE')
    expect(after.map((r) => r.code).sort()).toEqual(regions.map((r) => r.code).sort())
    const count = (list: typeof after) => list.find((r) => r.code === 'BE-VAN')?.members ?? 0
    expect(count(after)).toBe(count(before) + 2)
    expect(Object.keys(after[0]).sort()).toEqual(['code', 'members', 'name'])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DomainEvent } from '#server/lib/events.ts'
import { activeMember, type signupMember } from '../../../tests/support/accounts.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
const events: DomainEvent[] = []

type Member = Awaited<ReturnType<typeof signupMember>>

const call = (
  member: Member | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => memberRequest(t.app, member, method, url, payload)

const like = (from: Member, profile: number) => call(from, 'POST', '/api/like.php', { profile })
const likesOf = async (member: Member) =>
  (await call(member, 'GET', '/api/likes.php')).json() as {
    profiles: Array<{ id: number; liked: boolean; name: string }>
    liked_by: Array<{ id: number; like_new: boolean }>
  }

beforeAll(async () => {
  t = await createTestApp()
  t.app.services.events.subscribe((event) => events.push(event))
})

afterAll(async () => {
  await t.close()
})

describe('likes and matches', () => {
  // spec: DATA-5, CALL-12
  it('likes once however often it is sent, tells the liked member, and unlikes', async () => {
    const anna = await activeMember(t.app, { name: 'Anna', gender: 'female' })
    const ben = await activeMember(t.app, { name: 'Ben' })
    events.length = 0
    const first = await like(anna, ben.user.profile.id)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ liked: true, match: false })
    expect((await like(anna, ben.user.profile.id)).json()).toEqual({ liked: true, match: false })
    expect(events).toEqual([{ type: 'like.created', userId: ben.user.id, profileId: anna.user.profile.id }])

    const bens = await likesOf(ben)
    expect(bens.liked_by).toEqual([{ id: anna.user.profile.id, like_new: true }])
    expect(bens.profiles).toMatchObject([{ id: anna.user.profile.id, name: 'Anna', liked: false }])
    const annas = await likesOf(anna)
    expect(annas.liked_by).toEqual([])
    expect(annas.profiles).toMatchObject([{ id: ben.user.profile.id, liked: true }])

    expect((await call(anna, 'DELETE', '/api/like.php', { profile: ben.user.profile.id })).json()).toEqual({
      liked: false,
      match: false,
    })
    expect((await likesOf(ben)).liked_by).toEqual([])
  })

  it('makes a match when the like is returned, announced to both', async () => {
    const clara = await activeMember(t.app, { name: 'Clara', gender: 'female' })
    const david = await activeMember(t.app, { name: 'David' })
    await like(clara, david.user.profile.id)
    events.length = 0
    expect((await like(david, clara.user.profile.id)).json()).toEqual({ liked: true, match: true })
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'like.created', userId: clara.user.id, profileId: david.user.profile.id },
        { type: 'match.created', userId: clara.user.id, profileId: david.user.profile.id },
        { type: 'match.created', userId: david.user.id, profileId: clara.user.profile.id },
      ]),
    )
    expect(events).toHaveLength(3)
    // David answered Clara's like: it is no longer new to him; his like is new to Clara.
    const davids = await likesOf(david)
    expect(davids.liked_by).toEqual([{ id: clara.user.profile.id, like_new: false }])
    expect(davids.profiles).toMatchObject([{ id: clara.user.profile.id, liked: true }])
    expect((await likesOf(clara)).liked_by).toEqual([{ id: david.user.profile.id, like_new: true }])
  })

  // spec: STATE-16
  it('clears like_new once the liked member has seen it', async () => {
    const eva = await activeMember(t.app, { name: 'Eva', gender: 'female' })
    const felix = await activeMember(t.app, { name: 'Felix' })
    await like(eva, felix.user.profile.id)
    expect((await call(felix, 'PUT', '/api/like.php', { profile: eva.user.profile.id })).json()).toEqual({
      seen: true,
    })
    expect((await likesOf(felix)).liked_by).toEqual([{ id: eva.user.profile.id, like_new: false }])
    // Someone else cannot clear it for him, nor can a visitor.
    expect((await call(eva, 'PUT', '/api/like.php', { profile: felix.user.profile.id })).json()).toEqual({
      seen: false,
    })
    expect((await call(null, 'PUT', '/api/like.php', { profile: eva.user.profile.id })).statusCode).toBe(403)
  })

  it('refuses visitors, oneself, unknown and hidden members, and blocks either way', async () => {
    const gina = await activeMember(t.app, { name: 'Gina', gender: 'female' })
    const hugo = await activeMember(t.app, { name: 'Hugo' })
    const visitor = await call(null, 'POST', '/api/like.php', { profile: hugo.user.profile.id })
    expect(visitor.statusCode).toBe(403)
    expect(visitor.json().error.code).toBe('authentication_required')
    expect((await like(gina, gina.user.profile.id)).statusCode).toBe(400)
    expect((await like(gina, 99_999_999)).statusCode).toBe(404)
    const hidden = await buildMember(t.database.db, { hidden: true })
    expect((await like(gina, hidden.profile.id)).statusCode).toBe(404)
    const invisible = await buildMember(t.database.db, { invisible: true })
    expect((await like(gina, invisible.profile.id)).statusCode).toBe(404)

    await like(hugo, gina.user.profile.id)
    expect((await likesOf(gina)).liked_by).toHaveLength(1)
    await call(gina, 'POST', '/api/block.php', { profile: hugo.user.profile.id })
    // The block hides the like from both lists, and neither can like the other.
    expect(await likesOf(gina)).toEqual({ profiles: [], liked_by: [] })
    expect((await likesOf(hugo)).profiles).toEqual([])
    const blocked = await like(hugo, gina.user.profile.id)
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json().error).toMatchObject({
      code: 'member.blocked',
      message: "You're blocked by Gina. You do not have access to this page.",
    })
    expect((await like(gina, hugo.user.profile.id)).json().error.code).toBe('like.blocked_by_you')
  })

  it('leaves deleted, banned and invisible likers out of the lists', async () => {
    const iris = await activeMember(t.app, { name: 'Iris', gender: 'female' })
    const likers = await Promise.all([
      activeMember(t.app, { name: 'Jan' }),
      activeMember(t.app, { name: 'Karl' }),
    ])
    for (const liker of likers) await like(liker, iris.user.profile.id)
    expect((await likesOf(iris)).liked_by).toHaveLength(2)
    await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      payload: { invisible: true },
      headers: { cookie: likers[0].cookie },
    })
    const after = await likesOf(iris)
    expect(after.liked_by).toEqual([{ id: likers[1].user.profile.id, like_new: true }])
    expect(after.profiles.map((p) => p.name)).toEqual(['Karl'])
  })

  // spec: NAV-2
  it('counts every new like for the badge, past 99', async () => {
    const lena = await activeMember(t.app, { name: 'Lena', gender: 'female' })
    const db = t.database.db
    const { likes } = await import('#server/db/schema/likes.ts')
    const likers = []
    for (let i = 0; i < 100; i++) likers.push(await buildMember(db, { gender: 'male', photoStatus: null }))
    await db
      .insert(likes)
      .values(likers.slice(0, 99).map((m) => ({ likerUserId: m.user.id, likedUserId: lena.user.id })))
    const newCount = async () => (await likesOf(lena)).liked_by.filter((l) => l.like_new).length
    expect(await newCount()).toBe(99)
    await db.insert(likes).values({ likerUserId: likers[99].user.id, likedUserId: lena.user.id })
    expect(await newCount()).toBe(100)
  })
})

describe('automatic likes', () => {
  it('has a fictional member like a new member once a day, then nothing', async () => {
    const mia = await activeMember(t.app, { name: 'Mia', gender: 'female' })
    const fictional = await buildMember(t.database.db, {
      name: 'Noah',
      gender: 'male',
      fictional: true,
      country: mia.user.profile.country,
    })
    await buildMember(t.database.db, { name: 'Real', gender: 'male', country: mia.user.profile.country })
    events.length = 0
    const first = await call(mia, 'GET', '/api/auto-like.php')
    expect(first.json().profile).toMatchObject({ id: fictional.profile.id, name: 'Noah' })
    expect(first.json().profile.main_image.thumb_filename).toMatch(/\.webp$/)
    expect(events).toEqual([{ type: 'like.created', userId: mia.user.id, profileId: fictional.profile.id }])
    expect((await likesOf(mia)).liked_by).toEqual([{ id: fictional.profile.id, like_new: true }])
    expect((await call(mia, 'GET', '/api/auto-like.php')).json()).toEqual({ profile: null })
    expect((await call(null, 'GET', '/api/auto-like.php')).statusCode).toBe(403)
  })
})

describe('match finder', () => {
  it('ranks shared interests first, within the answers given', async () => {
    const olga = await activeMember(t.app, { name: 'Olga', gender: 'female' })
    const country = olga.user.profile.country
    const interests = (await t.app.inject({ url: '/api/interests.php' })).json().interests as Array<{
      id: number
    }>
    const [a, b, c] = interests.map((i) => i.id)
    const { profileInterests } = await import('#server/db/schema/members.ts')
    const db = t.database.db
    const recentNoMatch = await buildMember(db, {
      name: 'Recent',
      gender: 'male',
      country,
      birthDate: '1990-01-01',
    })
    const two = await buildMember(db, {
      name: 'TwoShared',
      gender: 'male',
      country,
      birthDate: '1990-01-01',
      lastActiveAt: new Date(Date.now() - 86_400_000),
    })
    const one = await buildMember(db, {
      name: 'OneShared',
      gender: 'male',
      country,
      birthDate: '1990-01-01',
      lastActiveAt: new Date(Date.now() - 3_600_000),
    })
    const tooOld = await buildMember(db, { name: 'TooOld', gender: 'male', country, birthDate: '1950-01-01' })
    await db.insert(profileInterests).values([
      { profileId: two.profile.id, interestId: a },
      { profileId: two.profile.id, interestId: b },
      { profileId: one.profile.id, interestId: c },
      { profileId: tooOld.profile.id, interestId: a },
    ])
    const res = await call(
      olga,
      'GET',
      `/api/match-finder.php?gender=male&min_age=25&max_age=50&interests=${a},${b},${c}`,
    )
    expect(res.statusCode).toBe(200)
    const ranked = res.json().profiles as Array<{ id: number; shared_interests: number; gender: string }>
    expect(ranked.slice(0, 3).map((p) => p.id)).toEqual([
      two.profile.id,
      one.profile.id,
      recentNoMatch.profile.id,
    ])
    expect(ranked[0].shared_interests).toBe(2)
    expect(ranked.map((p) => p.id)).not.toContain(tooOld.profile.id)
    expect(ranked.every((p) => p.gender === 'male')).toBe(true)
    const invalid = await call(olga, 'GET', '/api/match-finder.php?min_age=50&max_age=30')
    expect(invalid.statusCode).toBe(400)
  })
})

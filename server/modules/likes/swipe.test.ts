import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profilePrompts } from '#server/db/schema/profile-prompts.ts'
import { profileVoices } from '#server/db/schema/voice-prompts.ts'
import { AppError } from '#server/lib/errors.ts'
import { readPrompts } from '#server/modules/profile-prompts/profile-prompts.service.ts'
import { heardVoices } from '#server/modules/voice-prompts/voice-prompts.service.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { createSwipeService } from './swipe.service.ts'

let t: TestApp
let clock = new Date('2026-11-22T10:00:00Z')

beforeAll(async () => {
  t = await createTestApp()
})

afterAll(async () => {
  await t.close()
})

describe('swipe game', () => {
  // spec: VAL-12
  it('allows 4 likes a day, then refuses until midnight in the member time zone, passes always', async () => {
    const player = await activeMember(t.app, { name: 'Player', gender: 'male' })
    await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      payload: { time_zone: 'America/New_York' },
      headers: { cookie: player.cookie },
    })
    const country = player.user.profile.country
    for (let i = 0; i < 8; i++)
      await buildMember(t.database.db, { name: `Card${i}`, gender: 'female', country })
    const swipes = createSwipeService(t.database.db, {
      likes: t.app.services.likes,
      now: () => clock,
      voices: heardVoices(t.database.db),
      prompts: readPrompts(t.database.db),
    })
    const cdn = '/media'

    const deck = await swipes.deck(player.user.id, cdn)
    expect(deck.likes_left).toBe(4)
    expect(deck.profiles.length).toBeGreaterThanOrEqual(8)
    expect(deck.profiles.every((p) => p.gender === 'female')).toBe(true)
    // 10:00Z is 05:00 in New York: the day ends at 05:00Z the next day.
    expect(deck.resets_at).toBe('2026-11-23T05:00:00.000Z')

    const ids = deck.profiles.map((p) => p.id)
    // A card plays its member's voice prompt once active (issue 58, point 6); one waiting does not.
    expect(deck.profiles.every((p) => p.voice === null)).toBe(true)
    const voice = { filename: 'u/2026-11/voice.m4a', seconds: 4.2, levels: [10, 80], createdAt: clock }
    await t.database.db.insert(profileVoices).values([
      { ...voice, profileId: ids[0], prompt: 'laugh', status: 'active' },
      { ...voice, profileId: ids[1], prompt: 'song', status: 'pending' },
    ])
    const voiced = (await swipes.deck(player.user.id, cdn)).profiles
    expect(voiced.find((p) => p.id === ids[0])?.voice).toEqual({
      prompt: 'laugh',
      url: '/media/u/2026-11/voice.m4a',
      seconds: 4.2,
      levels: [10, 80],
    })
    expect(voiced.find((p) => p.id === ids[1])?.voice).toBeNull()
    // A card shows its member's written prompts in their order (issue 61, point 1).
    expect(voiced.every((p) => p.prompts.length === 0)).toBe(true)
    await t.database.db.insert(profilePrompts).values([
      {
        profileId: ids[2],
        position: 1,
        prompt: 'debate_me',
        answer: 'Whether Lyon beats Marseille',
        updatedAt: clock,
      },
      {
        profileId: ids[2],
        position: 0,
        prompt: 'happy_place',
        answer: 'The ferry to Texel at dawn',
        updatedAt: clock,
      },
    ])
    expect((await swipes.deck(player.user.id, cdn)).profiles.find((p) => p.id === ids[2])?.prompts).toEqual([
      { prompt: 'happy_place', answer: 'The ferry to Texel at dawn' },
      { prompt: 'debate_me', answer: 'Whether Lyon beats Marseille' },
    ])
    for (let i = 0; i < 4; i++) {
      expect((await swipes.swipe(player.user.id, ids[i], true)).likes_left).toBe(3 - i)
    }
    const refused = await swipes.swipe(player.user.id, ids[4], true).catch((e: AppError) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).code).toBe('swipe.limit_reached')
    expect((await swipes.swipe(player.user.id, ids[5], false)).likes_left).toBe(0)
    // Swiped cards do not come again.
    const rest = (await swipes.deck(player.user.id, cdn)).profiles.map((p) => p.id)
    expect(rest).not.toContain(ids[0])
    expect(rest).not.toContain(ids[5])
    expect(rest).toContain(ids[4])

    // 04:59 in New York the next morning (UTC already on the next day): still the same day.
    clock = new Date('2026-11-23T04:59:00Z')
    expect((await swipes.deck(player.user.id, cdn)).likes_left).toBe(0)
    // Midnight in New York: four new likes.
    clock = new Date('2026-11-23T05:00:00Z')
    expect((await swipes.deck(player.user.id, cdn)).likes_left).toBe(4)
    expect((await swipes.swipe(player.user.id, ids[4], true)).likes_left).toBe(3)
  })

  it('keeps the day in the zone it began with: changing time zones gives no more likes (issue 36, point 8)', async () => {
    const player = await activeMember(t.app, { name: 'Traveller', gender: 'male' })
    const zone = (time_zone: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user.php',
        payload: { time_zone },
        headers: { cookie: player.cookie },
      })
    await zone('Pacific/Kiritimati')
    const country = player.user.profile.country
    for (let i = 0; i < 12; i++)
      await buildMember(t.database.db, { name: `Stop${i}`, gender: 'female', country })
    let at = new Date('2026-11-22T09:00:00Z')
    const swipes = createSwipeService(t.database.db, {
      likes: t.app.services.likes,
      now: () => at,
      voices: heardVoices(t.database.db),
      prompts: readPrompts(t.database.db),
    })
    const ids = (await swipes.deck(player.user.id, '/media')).profiles.map((p) => p.id)
    // 09:00Z is 23:00 in Kiritimati (UTC+14): four likes, the day ends at 10:00Z.
    for (let i = 0; i < 4; i++) await swipes.swipe(player.user.id, ids[i], true)
    // Moving to zones where it is still (or already) another day gives no fresh likes before 10:00Z.
    for (const other of ['Pacific/Pago_Pago', 'America/Los_Angeles', 'Europe/Paris', 'Asia/Tokyo']) {
      await zone(other)
      at = new Date(at.getTime() + 5 * 60_000)
      expect((await swipes.deck(player.user.id, '/media')).likes_left, other).toBe(0)
      const refused = await swipes.swipe(player.user.id, ids[4], true).catch((e: AppError) => e)
      expect((refused as AppError).code, other).toBe('swipe.limit_reached')
      expect((refused as AppError).values.resets_at).toBe('2026-11-22T10:00:00.000Z')
    }
    // The day that began ends: the next is the day of the zone the member has now (Tokyo).
    at = new Date('2026-11-22T10:00:00Z')
    const next = await swipes.deck(player.user.id, '/media')
    expect(next.likes_left).toBe(4)
    expect(next.resets_at).toBe('2026-11-22T15:00:00.000Z')
  })

  it('never gives more than 4 likes to parallel swipes, and the API answers the limit clearly', async () => {
    const player = await activeMember(t.app, { name: 'Racer', gender: 'male' })
    const country = player.user.profile.country
    const cards = []
    for (let i = 0; i < 8; i++) {
      cards.push(await buildMember(t.database.db, { name: `Race${i}`, gender: 'female', country }))
    }
    const results = await Promise.all(
      cards.map((card, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/swipe.php',
          payload: { profile: card.profile.id, like: true },
          headers: { cookie: player.cookie },
          remoteAddress: `10.8.0.${i + 1}`,
        }),
      ),
    )
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(4)
    const refused = results.filter((r) => r.statusCode === 403)
    expect(refused).toHaveLength(4)
    expect(refused[0].json().error.code).toBe('swipe.limit_reached')
    expect(refused[0].json().error.message).toMatch(/4 likes/)
    const likes = (await t.app.inject({ url: '/api/likes.php', headers: { cookie: player.cookie } })).json()
      .profiles
    expect(likes).toHaveLength(4)
  })

  it('deals only members of the ages the player looks for: their choice, else their age give or take ten', async () => {
    const player = await activeMember(t.app, { name: 'Picky', gender: 'male' })
    const country = player.user.profile.country
    const swipes = createSwipeService(t.database.db, {
      likes: t.app.services.likes,
      now: () => clock,
      voices: heardVoices(t.database.db),
      prompts: readPrompts(t.database.db),
    })
    const young = await buildMember(t.database.db, {
      name: 'Young',
      gender: 'female',
      country,
      birthDate: '2004-01-10',
    })
    const near = await buildMember(t.database.db, {
      name: 'Near',
      gender: 'female',
      country,
      birthDate: '1990-03-03',
    })
    const older = await buildMember(t.database.db, {
      name: 'Older',
      gender: 'female',
      country,
      birthDate: '1978-05-05',
    })
    const ids = async () => (await swipes.deck(player.user.id, '/media')).profiles.map((p) => p.id)
    // Born in 1988, 38 on the test's day: 28 to 48 by default.
    let dealt = await ids()
    expect(dealt).toContain(near.profile.id)
    expect(dealt).toContain(older.profile.id)
    expect(dealt).not.toContain(young.profile.id)
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      payload: { seek_min_age: 40, seek_max_age: 55 },
      headers: { cookie: player.cookie },
    })
    expect(saved.json().profile).toMatchObject({ seek_min_age: 40, seek_max_age: 55 })
    dealt = await ids()
    expect(dealt).toContain(older.profile.id)
    expect(dealt).not.toContain(near.profile.id)
    expect(dealt).not.toContain(young.profile.id)
  })

  it('refuses an unknown time zone', async () => {
    const player = await activeMember(t.app, { name: 'Zoned', gender: 'male' })
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      payload: { time_zone: 'Mars/Olympus' },
      headers: { cookie: player.cookie },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields.time_zone).toBe('This time zone is not known.')
  })
})

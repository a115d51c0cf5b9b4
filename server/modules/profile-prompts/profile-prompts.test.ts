import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeMember } from '../../../tests/support/accounts.ts'
import { fileReport } from '../../../tests/support/reports.ts'
import { remote, staffMember } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// A profile's written prompts (issue 61, point 1): saved in the member's order, read on the member
// page by others, refused in the member's language when they break a rule, nothing stored then.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2031-03-04T10:00:00Z') })
})
afterAll(() => t.close())

type Member = Awaited<ReturnType<typeof activeMember>>
const as = (m: Member, method: 'GET' | 'PUT', url: string, payload?: object, language = 'en') =>
  t.app.inject({ method, url, payload, headers: { cookie: m.cookie, 'accept-language': language } })
const save = (m: Member, answers: object[], language?: string) =>
  as(m, 'PUT', '/api/profile-prompts.php', { answers, moves: [] }, language)

describe('profile prompts', () => {
  it('keeps up to three answers in order, shown on the member page, and replaces them at each save', async () => {
    const m = await activeMember(t.app)
    const viewer = await activeMember(t.app, { gender: 'male' })
    expect((await as(m, 'GET', '/api/profile-prompts.php')).json()).toEqual({ answers: [], moves: [] })
    const answers = [
      { prompt: 'happy_place', answer: 'The ferry to Texel at dawn, coffee in a paper cup' },
      { prompt: 'debate_me', answer: '  Whether Lyon has better food than Marseille  ' },
    ]
    const saved = await save(m, answers)
    expect(saved.statusCode, saved.body).toBe(200)
    const trimmed = [
      answers[0],
      { prompt: 'debate_me', answer: 'Whether Lyon has better food than Marseille' },
    ]
    expect(saved.json()).toEqual({ answers: trimmed, moves: [] })
    expect((await as(m, 'GET', '/api/profile-prompts.php')).json()).toEqual({ answers: trimmed, moves: [] })
    const page = await as(viewer, 'GET', `/api/member.php?id=${m.user.profile.id}`)
    expect(page.json().profile.prompts).toEqual(trimmed)
    await save(m, [trimmed[1]])
    expect(
      (await as(viewer, 'GET', `/api/member.php?id=${m.user.profile.id}`)).json().profile.prompts,
    ).toEqual([trimmed[1]])
  })

  it('refuses a fourth answer, a prompt twice, an unknown prompt, an empty or long answer and an insult, in the member’s language', async () => {
    const m = await activeMember(t.app)
    const one = { prompt: 'happy_place', answer: 'Texel' }
    const refusals: Array<[object[], string, string?]> = [
      [
        [
          one,
          { ...one, prompt: 'debate_me' },
          { ...one, prompt: 'dealbreaker' },
          { ...one, prompt: 'date_spot' },
        ],
        'Answer three prompts at most.',
      ],
      [[one, one], 'Each prompt can be answered once.'],
      [[{ ...one, prompt: 'favourite_colour' }], 'Choose a prompt from the list.'],
      [[{ ...one, answer: '   ' }], 'Write an answer, or remove the prompt.'],
      [[{ ...one, answer: 'x'.repeat(251) }], 'An answer can have at most 250 characters.'],
      [
        [{ ...one, answer: 'Les connards et les salopes, passez votre chemin' }],
        'Cette réponse peut blesser.',
        'fr',
      ],
    ]
    for (const [answers, message, language] of refusals) {
      const res = await save(m, answers, language)
      expect(res.statusCode, JSON.stringify(answers)).toBeGreaterThanOrEqual(400)
      expect(res.body).toContain(message)
    }
    expect((await as(m, 'GET', '/api/profile-prompts.php')).json()).toEqual({ answers: [], moves: [] })
  })

  it('goes with the profile text when a moderator hides it', async () => {
    const m = await activeMember(t.app)
    await save(m, [{ prompt: 'dealbreaker', answer: 'People who write to me in all capitals, every time' }])
    const report = await fileReport(t.app, m.user.profile.id, {
      reason: 'harassment',
      message: 'Rude profile.',
    })
    const moderator = await staffMember(t.app, 'moderator', () => new Date('2031-03-04T10:00:00Z'))
    const decided = await t.app.inject({
      method: 'POST',
      url: '/api/admin/report-decision.php',
      payload: {
        report,
        outcome: 'hide_text',
        reason: 'Shouting at members breaks rule 2.',
      },
      headers: { cookie: moderator.cookie },
      remoteAddress: remote(),
    })
    expect(decided.statusCode, decided.body).toBe(200)
    expect((await as(m, 'GET', '/api/profile-prompts.php')).json()).toEqual({ answers: [], moves: [] })
  })
})

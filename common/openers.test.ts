import { describe, expect, it } from 'vitest'
import en from './i18n/en.json' with { type: 'json' }
import fr from './i18n/fr.json' with { type: 'json' }
import { buildOpeners, OPENERS_SHOWN, quoteOf } from './openers.ts'
import { OPENING_QUESTIONS } from './opening-moves.ts'

// Openers from a profile (issue 61, point 3): built from its own words by the templates of each
// language, never more than three, none from a profile that says nothing.

const PROFILE = {
  prompts: [
    { question: 'Debate me on', answer: 'Whether Lyon has better food than Marseille. Bring arguments!' },
    { question: 'My happy place', answer: 'The ferry to Texel at dawn, coffee in a paper cup' },
  ],
  interests: ['Hiking', 'BBQ', 'Jazz'],
}

describe('openers from a profile', () => {
  it('makes three lines from the answers and the interests, in English', () => {
    const lines = buildOpeners(PROFILE, en.openers)
    expect(lines).toHaveLength(OPENERS_SHOWN)
    expect(lines[0]).toBe(
      'You wrote “Whether Lyon has better food than Marseille” for “Debate me on”: I have to hear the story behind that!',
    )
    expect(lines[1]).toContain('“The ferry to Texel at dawn, coffee in a paper cup”')
    // Interests read inside a sentence: "hiking", but "BBQ" as it is.
    expect(lines[2]).toBe('Hiking and BBQ: that’s a good mix. Which one wins on a free Saturday?')
    for (const line of lines) expect(line).not.toMatch(/\{\{/)
  })

  it('makes them in French from the French templates, with their spacing', () => {
    const lines = buildOpeners(
      {
        prompts: [{ question: 'Mon endroit préféré au monde', answer: 'Le ferry pour Texel à l’aube' }],
        interests: ['Randonnée'],
      },
      fr.openers,
    )
    expect(lines).toEqual([
      'Vous avez écrit «\u00a0Le ferry pour Texel à l’aube\u00a0» pour «\u00a0Mon endroit préféré au monde\u00a0»\u202f: il me faut l’histoire derrière\u202f!',
      'Je vois randonnée dans vos centres d’intérêt\u202f: comment est-ce que ça a commencé pour vous\u202f?',
    ])
  })

  it('gives fewer lines, or none, when the profile says less', () => {
    expect(buildOpeners({ prompts: [], interests: [] }, en.openers)).toEqual([])
    expect(buildOpeners({ prompts: [], interests: ['Chess'] }, en.openers)).toEqual([
      'I see chess in your interests: what got you into it?',
    ])
    const three = buildOpeners(
      { prompts: PROFILE.prompts.concat(PROFILE.prompts[0]), interests: [] },
      en.openers,
    )
    expect(new Set(three).size).toBe(three.length)
  })

  it('quotes an answer’s first sentence, cut at a word', () => {
    expect(quoteOf('Whether Lyon has better food than Marseille. Bring arguments!')).toBe(
      'Whether Lyon has better food than Marseille',
    )
    const long = quoteOf(
      'Cycling from Amsterdam to Copenhagen with a tent, two friends and a very stubborn map reader',
    )
    expect(long.length).toBeLessThanOrEqual(60)
    expect(long).toBe('Cycling from Amsterdam to Copenhagen with a tent, two…')
    expect(quoteOf('   ')).toBe('')
  })

  it('has the words of every opening question in both languages', () => {
    for (const key of OPENING_QUESTIONS) {
      expect(en.openingMoves.questions[key], key).toBeTruthy()
      expect(fr.openingMoves.questions[key], key).toBeTruthy()
    }
  })
})

import { describe, expect, it } from 'vitest'
import { PROFILE_PROMPTS, PROMPT_GROUPS } from './profile-prompts.ts'
import { promptFeedback } from './prompt-feedback.ts'

describe('prompt feedback (issue 61, point 1)', () => {
  it('says nothing of an empty answer, and of answers with a detail to ask about', () => {
    expect(promptFeedback('', 'en')).toBeNull()
    for (const answer of [
      'Getting lost in the Marais with no map and finding a tiny bakery that sells cardamom buns',
      'I once cooked paella for 30 people at my cousin’s wedding in Valencia',
      'Whether pineapple belongs on pizza: I have slides',
    ])
      expect(promptFeedback(answer, 'en'), answer).toBeNull()
    for (const answer of [
      'Me perdre dans le Marais sans carte et trouver une boulangerie qui fait des brioches à la cardamome',
      'J’ai cuisiné une paella pour 30 personnes au mariage de mon cousin à Valence',
    ])
      expect(promptFeedback(answer, 'fr'), answer).toBeNull()
  })

  it('suggests more words, something of one’s own instead of a cliché, and a detail, in each language', () => {
    expect(promptFeedback('Pizza', 'en')).toBe('too_short')
    expect(promptFeedback('Les voyages', 'fr')).toBe('too_short')
    expect(promptFeedback('I love to travel and good food', 'en')).toBe('cliche')
    expect(promptFeedback('Spending time with friends and family, honestly', 'en')).toBe('cliche')
    expect(promptFeedback('J’aime voyager, la bonne bouffe et l’humour', 'fr')).toBe('cliche')
    expect(promptFeedback('I really like a lot of nice things', 'en')).toBe('no_detail')
    expect(promptFeedback('J’aime vraiment beaucoup de choses très bien', 'fr')).toBe('no_detail')
  })

  it('offers more than 40 prompts in three groups, each key once', () => {
    expect(PROFILE_PROMPTS.length).toBeGreaterThanOrEqual(40)
    expect(new Set(PROFILE_PROMPTS).size).toBe(PROFILE_PROMPTS.length)
    expect(Object.keys(PROMPT_GROUPS)).toEqual(['about_me', 'lets_talk', 'perfect_date'])
  })
})

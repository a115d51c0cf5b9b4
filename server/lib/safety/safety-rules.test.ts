import { describe, expect, it } from 'vitest'
import { findMoneyRequest, findScamSigns } from './scam-signs.ts'
import { findUnkindWords, wordsOf } from './unkind-words.ts'

describe('the unkind-message rule', () => {
  it('finds insults and harassment in the sender’s language, phrases included', () => {
    expect(findUnkindWords('Shut up, you ugly idiot', 'en').sort()).toEqual(['idiot', 'shut up', 'ugly'])
    expect(findUnkindWords('T’es moche. Ferme ta gueule !', 'fr')).toEqual(
      expect.arrayContaining(['t es moche', 'ferme ta gueule']),
    )
    // From the package's list (LDNOOBW), accents aside.
    expect(findUnkindWords('espèce d’ENCULE', 'fr')).toEqual(['encule'])
    expect(findUnkindWords('what a bitch', 'en')).toEqual(['bitch'])
  })

  it('leaves adults’ everyday words and the other language alone', () => {
    expect(findUnkindWords('I love sex, kinky films and a sexy dinner', 'en')).toEqual([])
    expect(findUnkindWords('Un baiser, et on fait la fête au bordel du coin', 'fr')).toEqual([])
    // "bite" is French slang; in English it is a meal.
    expect(findUnkindWords('Shall we grab a bite?', 'en')).toEqual([])
    expect(findUnkindWords('Skills: scunthorpe, cocktail, assessment', 'en')).toEqual([])
  })

  it('reads words as the lists do', () => {
    expect(wordsOf('Ça VA? très-bien')).toEqual(['ca', 'va', 'tres', 'bien'])
  })
})

describe('scam signs', () => {
  it('finds a valid IBAN, crypto addresses, gift cards and transfer services', () => {
    expect(findMoneyRequest('on FR76 3000 6000 0112 3456 7890 189 please')).toBe(
      'FR7630006000011234567890189',
    )
    expect(findMoneyRequest('FR76 3000 6000 0112 3456 7890 188')).toBeNull()
    expect(findMoneyRequest('send to 0x52908400098527886E0F7030069857D2E4169EE7')).toMatch(/^0x/)
    expect(findMoneyRequest('achète-moi une carte cadeau')).toBe('carte cadeau')
    expect(findMoneyRequest('Western Union is fine')).toBe('Western Union')
    expect(findMoneyRequest('I work in banking in Paris')).toBeNull()
  })

  it('reads contact details and money of one text together', () => {
    expect(findScamSigns('my whatsapp +33 6 12 34 56 78, and a Steam card')).toEqual({
      contact: expect.any(String),
      money: 'Steam card',
    })
    expect(findScamSigns('Hello, how was your day?')).toEqual({ contact: null, money: null })
  })
})

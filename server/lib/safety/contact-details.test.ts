import { describe, expect, it } from 'vitest'
import { findContactDetails, normalizeOpening } from '#server/lib/safety/contact-details.ts'

describe('contact details in a first message', () => {
  it('finds links, addresses, phone numbers and messengers', () => {
    expect(findContactDetails('see my pics at https://example.net/me')).toBe('https://example.net/me')
    expect(findContactDetails('www.cute-girls.xyz')).toBe('www.cute-girls.xyz')
    expect(findContactDetails('write to anna.b@mail.fr')).toBe('anna.b@mail.fr')
    expect(findContactDetails('call +31 6 1234 5678 tonight')).toBe('+31 6 1234 5678')
    expect(findContactDetails('my number is 06-12345678')).toBe('06-12345678')
    expect(findContactDetails('add me on WhatsApp')).toBe('WhatsApp')
    expect(findContactDetails('visit lovely.site now')).toBe('lovely.site')
  })

  it('leaves ordinary openings alone', () => {
    expect(
      findContactDetails('Hi Eva, I love your photo from Lisbon! 2 years ago I was there too.'),
    ).toBeNull()
    expect(findContactDetails('I am 34, born in 1990, and I live in Lyon.')).toBeNull()
  })

  it('compares openings aside from case, spacing and punctuation', () => {
    expect(normalizeOpening('Hi, beautiful!!  How are you?')).toBe(
      normalizeOpening('hi beautiful how are you'),
    )
  })
})

describe('contact details written to get past a filter (issue 60, point 4)', () => {
  it('finds the eight usual evasions, in English and French', () => {
    const evasions: Array<[string, RegExp]> = [
      ['call me zero six one two three four five six seven eight', /0 6 1 2 3 4 5 6 7 8/],
      [
        'mon numéro : zéro six, douze... non : zéro six un deux trois quatre cinq six sept huit',
        /0 6 1 2 3 4 5 6 7 8/,
      ],
      ['0 6 . 1 2 . 3 4 . 5 6 . 7 8', /0 6 \. 1 2/],
      ['text me ０６１２３４５６７８', /0612345678/],
      ['whats\u200bapp me', /whatsapp/i],
      ['anna dot b at gmail dot com', /b at gmail dot com/],
      ['écris à anna (arobase) free point fr', /anna \(arobase\) free point fr/],
      ['add me on snap: anna_b92', /snap: anna_b92/],
      ['mon insta c’est @lea.paris', /insta/],
      ['my ig: lea.paris', /ig: lea\.paris/],
      // An app offered as the place to talk (a mention alone hands out nothing, issue 60, point 3).
      ['wһatsapp me (with a Cyrillic h)', /whatsapp/i],
    ]
    for (const [text, found] of evasions) expect(findContactDetails(text), text).toMatch(found)
  })

  it('leaves ordinary messages with numbers, "at" and "dot" alone', () => {
    for (const text of [
      'One of the two photos is from Lisbon, the other from Porto.',
      'I was at the beach at 5, then dinner at 8.',
      'Un café ou deux, et on voit ? Je finis à six heures.',
      'I was born in 1990 and moved here in 2019, 2021 was a great year.',
      'Dot your i’s and cross your t’s, my teacher said.',
      'Je suis au point de départ, tu es où ?',
      'Signal the waiter, we need the bill.',
      'We could meet at 7 or 8, whichever suits you.',
    ])
      expect(findContactDetails(text), text).toBeNull()
  })
})

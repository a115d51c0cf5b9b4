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

import { describe, expect, it } from 'vitest'
import { base32Decode, base32Encode, newTotpSecret, totpCode, totpStep, totpUri, verifyTotp } from './totp.ts'

// RFC 6238, appendix B: the SHA-1 secret is the ASCII of "12345678901234567890"; the RFC's codes
// have 8 digits, whose last 6 are the 6-digit codes.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'))
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
]

describe('TOTP', () => {
  it('gives the codes of RFC 6238', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)))).toBe(code.slice(-6))
    }
  })

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7])
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes)
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/)
  })

  it('accepts the code of the step before, now and after, once', () => {
    const at = new Date('2026-11-23T12:00:10Z')
    const step = totpStep(at)
    for (const delta of [-1, 0, 1]) {
      expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step + delta), at)).toBe(step + delta)
    }
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), at)).toBeNull()
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step), at, step)).toBeNull()
    expect(verifyTotp(RFC_SECRET, '12345', at)).toBeNull()
    expect(verifyTotp(RFC_SECRET, 'abcdef', at)).toBeNull()
  })

  it('writes the enrollment link authenticator apps read', () => {
    expect(totpUri('ABC', 'ann@example.com', 'Dating')).toBe(
      'otpauth://totp/Dating%3Aann%40example.com?secret=ABC&issuer=Dating&algorithm=SHA1&digits=6&period=30',
    )
  })
})

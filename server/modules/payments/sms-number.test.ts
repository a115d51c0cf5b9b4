import { describe, expect, it } from 'vitest'
import { smsNumber } from './sms-number.ts'

const SITE = ['NL', 'BE', 'FR', 'GB']

describe('the number an SMS code may go to', () => {
  it('takes mobile numbers of the site’s countries, with or without their code, in E.164', () => {
    expect(smsNumber('+31612345678', SITE)).toBe('+31612345678')
    expect(smsNumber('0612345678', SITE)).toBe('+31612345678')
    expect(smsNumber('+32470123456', SITE)).toBe('+32470123456')
    expect(smsNumber('+33612345678', SITE)).toBe('+33612345678')
    expect(smsNumber('+447400123456', SITE)).toBe('+447400123456')
  })

  it('refuses international service numbers, other countries, landlines and nonsense (issue 36, point 8)', () => {
    for (const phone of [
      '+882123456789',
      '+881612345678',
      '+8816123456',
      '+4915123456789',
      '+12025550123',
      '+31201234567',
      '+3161234',
      '12345678',
    ])
      expect(smsNumber(phone, SITE), phone).toBeNull()
    expect(smsNumber('+4915123456789', [...SITE, 'DE'])).toBe('+4915123456789')
  })
})

import { describe, expect, it } from 'vitest'
import { isTimeZone, timeZoneOffset } from './time-zone.ts'

describe('time zones', () => {
  it('knows IANA names and nothing else', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
  })

  it('gives a zone’s offset as a browser in it would (getTimezoneOffset), summer time included', () => {
    const winter = new Date('2026-01-15T12:00:30Z')
    const summer = new Date('2026-07-15T12:00:30Z')
    expect(timeZoneOffset('Europe/Paris', winter)).toBe(-60)
    expect(timeZoneOffset('Europe/Paris', summer)).toBe(-120)
    expect(timeZoneOffset('America/New_York', winter)).toBe(300)
    expect(timeZoneOffset('Pacific/Auckland', winter)).toBe(-780)
    expect(timeZoneOffset('Asia/Kolkata', summer)).toBe(-330)
    expect(timeZoneOffset('UTC', summer)).toBe(0)
  })
})

import { describe, expect, it } from 'vitest'
import { csvField } from './statistics-csv.ts'

describe('CSV fields', () => {
  it('never lets a spreadsheet read a text as a formula (issue 36, point 11)', () => {
    for (const text of [
      '=cmd|calc',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      '  =1+1',
      '\u00a0=1',
      '＝1+1',
      '＋1',
    ])
      expect(csvField(text).replace(/^"/, ''), JSON.stringify(text)).toMatch(/^'/)
  })

  it('leaves plain texts and numbers, negative ones included, as they are; quotes what needs it', () => {
    expect(csvField('google')).toBe('google')
    expect(csvField(-5)).toBe('-5')
    expect(csvField('-5.00')).toBe('-5.00')
    expect(csvField(12.5)).toBe('12.5')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('=a,b')).toBe(`"'=a,b"`)
    expect(csvField(null)).toBe('')
  })
})

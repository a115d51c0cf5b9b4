import { describe, expect, it } from 'vitest'
import { countryNameTable, dateTimeFormat, numberFormat, regionNames } from './intl.ts'

describe('kept Intl formatters', () => {
  it('makes one formatter per language and options, and formats with it', () => {
    expect(regionNames('fr')).toBe(regionNames('fr'))
    expect(regionNames('fr')).not.toBe(regionNames('en'))
    expect(regionNames('fr').of('DE')).toBe('Allemagne')
    const euros = numberFormat('fr', { style: 'currency', currency: 'EUR' })
    expect(numberFormat('fr', { style: 'currency', currency: 'EUR' })).toBe(euros)
    expect(numberFormat('fr', { style: 'currency', currency: 'GBP' })).not.toBe(euros)
    expect(euros.format(19.95)).toBe('19,95\u00a0€')
    expect(numberFormat('en').format(12345)).toBe('12,345')
  })

  it('tells date formats apart by their options', () => {
    const long = dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' })
    const short = dateTimeFormat('en', { dateStyle: 'short', timeZone: 'UTC' })
    expect(long).not.toBe(short)
    expect(long).toBe(dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }))
    expect(long.format(new Date('2026-03-01T12:00:00Z'))).toBe('March 1, 2026')
  })
})

describe('countryNameTable', () => {
  it('names each country in the language, keeping a code Intl does not know', () => {
    expect(countryNameTable(['DE', 'FR', 'DE'], 'fr')).toEqual({ DE: 'Allemagne', FR: 'France' })
    expect(countryNameTable(['GB'], 'en')).toEqual({ GB: 'United Kingdom' })
  })
})

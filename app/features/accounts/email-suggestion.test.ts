import { describe, expect, it } from 'vitest'
import { suggestEmail } from './email-suggestion.ts'

describe('suggestEmail', () => {
  // spec: VAL-2
  it('suggests the common domain for a typo', () => {
    expect(suggestEmail('jane@gmial.com')).toBe('jane@gmail.com')
    expect(suggestEmail('jean@hotmial.fr')).toBe('jean@hotmail.fr')
  })

  it('says nothing for a good or an unfinished address', () => {
    expect(suggestEmail('jane@gmail.com')).toBeNull()
    expect(suggestEmail('jane')).toBeNull()
  })
})

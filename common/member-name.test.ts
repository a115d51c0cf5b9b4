import { describe, expect, it } from 'vitest'
import { nameProblem } from './member-name.ts'

const BRANDS = ['LunaDate', 'Rendez-vous Secret']

describe('names are names (issue 36, point 10)', () => {
  it('takes the names people have, in every script', () => {
    for (const name of [
      'Anna',
      'Jean-Pierre',
      "D'Arcy",
      'Zoë',
      'Søren',
      'Łukasz',
      'محمد',
      '美咲',
      'Anna 2',
      'Marie Claire',
      'Luna',
      'Modeste',
      'Steam',
    ])
      expect(nameProblem(name, BRANDS), name).toBeNull()
  })

  it('refuses line breaks, control characters, bidi overrides and invisible names', () => {
    for (const name of [
      'Anna\nBob',
      'An\tna',
      'Anna\u0007',
      'Anna\u202Eevil',
      'Anna\u2066x',
      'An\u200Bna',
      'Anna\u2028',
      '\u3164\u3164',
      'Anna\u2800',
    ])
      expect(nameProblem(name, BRANDS), JSON.stringify(name)).toBe('name_invalid_characters')
    for (const name of ['...', '😀😀', '12', '\u0301\u0301'])
      expect(nameProblem(name, BRANDS), JSON.stringify(name)).toBe('name_no_letters')
  })

  it('refuses names that pass themselves off as the site or its staff', () => {
    for (const name of [
      'Support Team',
      'Admin',
      'ADM1N',
      'Modérateur',
      'Équipe LunaDate',
      'lunadate',
      'Luna Date',
      'L u n a D a t e',
      'Rendez-vous Secret',
      'Service client',
      'Customer Service',
      'Official',
    ])
      expect(nameProblem(name, BRANDS), name).toBe('name_reserved')
  })
})

import { describe, expect, it } from 'vitest'
import { FIRST_NAMES } from '#server/db/seed/names.ts'
import { memberNameProblem } from './member-names.ts'

// Issue 55, point 7 (ADR 13, round 4): names that pass themselves off as the staff or the site with
// letters of another script, and the site's own mark, are refused; the names people have are not.

const SITE = { name: 'LunaDate', fictional_icon: '✦' }

describe('memberNameProblem', () => {
  it('refuses the staff and the site spelled with look-alike letters of other scripts, in en and fr', () => {
    for (const name of [
      '\u0410dmin', // Cyrillic А
      'M\u043Ederator', // Cyrillic о
      'Mod\u0435rateur', // Cyrillic е (fr)
      '\u0415quipe', // Cyrillic Е (fr: Équipe)
      '\u0405upport Team', // Cyrillic Ѕ
      '\u13AAdmin', // Cherokee Ꭺ
      '\u0251dmin', // Latin ɑ
      'Adrnin', // rn for m
      'ADMIN',
      'SUPPORT',
      'MODÉRATRICE',
      'Lun\u0430Date', // Cyrillic а in the brand
      'Luna\uD835\uDC03ate', // mathematical bold D
      'Servi\u0441e client', // Cyrillic с (fr)
    ])
      expect(memberNameProblem(name, SITE), name).toBe('name_reserved')
  })

  it('refuses the mark the site shows beside fictional profiles', () => {
    expect(memberNameProblem('Maaike ✦', SITE)).toBe('name_site_mark')
    expect(memberNameProblem('Maaike ★', { ...SITE, fictional_icon: '★' })).toBe('name_site_mark')
  })

  it('takes the names people have, the demo members’ first names among them', () => {
    const names = [
      ...Object.values(FIRST_NAMES).flatMap((n) => [...n.female, ...n.male]),
      'Jean-Michel',
      'Marie-Ève',
      'Anaïs',
      'Юлия',
      'Дмитрий',
      'Αλέξανδρος',
      'Modeste',
      'Steam',
      'Admire',
      'Rootsy',
    ]
    const refused = names.filter((name) => memberNameProblem(name, SITE) !== null)
    expect(refused).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { allStrings } from './i18n/resources.ts'

/** Every text of a bundle, by its key path. */
function texts(bundle: unknown, path = ''): [string, string][] {
  if (typeof bundle === 'string') return [[path, bundle]]
  if (bundle && typeof bundle === 'object')
    return Object.entries(bundle).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key))
  return []
}

/**
 * What a French text breaks of French typography. Placeholders, HTML tags and addresses are not
 * French prose: they are replaced by a neutral mark before the check.
 */
function faults(text: string): string[] {
  const prose = text.replace(/\{\{[^}]*\}\}|<[^>]*>|https?:\/\/\S+|mailto:\S+/g, '·')
  const found: string[] = []
  if (prose.includes("'")) found.push('a straight apostrophe (’ is the French one)')
  for (const match of prose.matchAll(/(.)([;?!]|:(?=\s|$))/g)) {
    if (match[1] !== '\u202f' && match[1] !== '\u00a0' && !/\d/.test(match[1]) && match[1] !== '·')
      found.push(`no non-breaking space before “${match[2]}” (after “${match[1]}”)`)
  }
  return found
}

describe('French typography', () => {
  it('puts a non-breaking space before : ; ? ! and uses typographic apostrophes, in every French text', () => {
    const bundle = allStrings.fr
    const wrong = texts(bundle)
      .map(([key, text]) => ({ key, faults: faults(text) }))
      .filter((entry) => entry.faults.length > 0)
    expect(wrong).toEqual([])
  })

  it('finds the faults it is meant to find', () => {
    expect(faults("C'est l'heure : venez !")).toHaveLength(3)
    expect(faults('C’est l’heure\u202f: venez\u202f! {{name}}: https://x.example/a?b=1')).toEqual([])
  })
})

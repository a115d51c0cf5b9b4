import { describe, expect, it } from 'vitest'
import { allStrings } from './i18n/resources.ts'

/** Every text of a bundle, by its key path. */
function texts(bundle: unknown, path = ''): [string, string][] {
  if (typeof bundle === 'string') return [[path, bundle]]
  if (bundle && typeof bundle === 'object')
    return Object.entries(bundle).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key))
  return []
}

const PLURAL = /_(zero|one|two|few|other)$/
/** A number placed right before a word that takes the plural: it must be the plural's count. */
const COUNTED =
  /\{\{(\w+)\}\} (credits?|crédits?|messages?|members?|membres?|photos?|days?|jours?|hours?|heures?|minutes?|gifts?|cadeaux?|seconds?|secondes?)\b/g

describe('plural forms', () => {
  for (const locale of ['en', 'fr'] as const) {
    it(`gives every count its plural forms, in every ${locale} string file`, () => {
      const all = texts(allStrings[locale])
      const keys = new Set(all.map(([key]) => key))
      const wrong: string[] = []
      for (const [key, text] of all) {
        const counted = [...text.matchAll(COUNTED)].map((m) => m[1])
        // A number before a noun is the count, so that "1 credit" and "2 credits" both read right.
        // (A plural's own formatted count, `{{formatted}}`, is that count written out.)
        for (const name of counted)
          if (name !== 'count' && !(name === 'formatted' && PLURAL.test(key)))
            wrong.push(`${key}: {{${name}}} before a noun`)
        if (!text.includes('{{count}}') || PLURAL.test(key)) continue
        wrong.push(`${key}: {{count}} without _one/_other forms`)
      }
      // Each plural has both of the forms English and French need.
      for (const key of keys) {
        const base = key.replace(PLURAL, '')
        if (base !== key && !(keys.has(`${base}_one`) && keys.has(`${base}_other`)))
          wrong.push(`${base}: one form only`)
      }
      expect(wrong).toEqual([])
    })
  }
})

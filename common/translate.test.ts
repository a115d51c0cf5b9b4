import { describe, expect, it } from 'vitest'
import { allStrings } from './i18n/resources.ts'
import { type Strings, translator } from './translate.ts'

const bundles: Record<string, Strings> = {
  en: {
    hello: 'Hello {{name}}',
    credits_one: '{{count}} credit',
    credits_other: '{{count}} credits',
    only: { english: 'Only in English' },
    lines: ['Hi {{name}}', 'Hey {{name}}'],
  },
  fr: {
    hello: 'Bonjour {{name}}',
    credits_one: '{{count}} crédit',
    credits_other: '{{count}} crédits',
  },
}
const of = (language: string) => bundles[language]

describe('translator', () => {
  it('fills the placeholders and leaves one without its option as it is', () => {
    expect(translator(of, 'fr')('hello', { name: 'Eva' })).toBe('Bonjour Eva')
    expect(translator(of, 'en')('hello')).toBe('Hello {{name}}')
  })

  it('picks the plural form of the language: French says 0 and 1 in the singular', () => {
    const en = translator(of, 'en')
    const fr = translator(of, 'fr')
    expect([0, 1, 2].map((count) => en('credits', { count }))).toEqual(['0 credits', '1 credit', '2 credits'])
    expect([0, 1, 2].map((count) => fr('credits', { count }))).toEqual(['0 crédit', '1 crédit', '2 crédits'])
    // Intl names 1,000,000 "many" in French; without a _many form, _other serves.
    expect(fr('credits', { count: 1_000_000 })).toBe('1000000 crédits')
  })

  it('falls back to English, then to the default value, then to the key', () => {
    const fr = translator(of, 'fr')
    expect(fr('only.english')).toBe('Only in English')
    expect(fr('missing.key', { defaultValue: 'Par défaut {{n}}', n: 2 })).toBe('Par défaut 2')
    expect(fr('missing.key', 'Texte')).toBe('Texte')
    expect(fr('missing.key')).toBe('missing.key')
    // A group asked as a string is not shown as one.
    expect(fr('only')).toBe('only')
  })

  it('gives a list whole, each string filled in, when asked for objects', () => {
    expect(translator(of, 'en')<string[]>('lines', { returnObjects: true, name: 'Bas' })).toEqual([
      'Hi Bas',
      'Hey Bas',
    ])
  })

  it('reads strings added after it was made (the console’s, fetched later)', () => {
    const late: Record<string, Strings> = { en: {} }
    const t = translator((language) => late[language], 'en')
    expect(t('console.title')).toBe('console.title')
    late.en = { console: { title: 'Console' } }
    expect(t('console.title')).toBe('Console')
  })

  it('serves the real bundles: every plural key has its _other form', () => {
    for (const [language, strings] of Object.entries(allStrings)) {
      const keys: string[] = []
      const walk = (node: unknown, path: string) => {
        if (node && typeof node === 'object' && !Array.isArray(node))
          for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k)
        else keys.push(path)
      }
      walk(strings, '')
      const singular = keys.filter((k) => k.endsWith('_one')).map((k) => k.replace(/_one$/, ''))
      expect(
        singular.filter((k) => !keys.includes(`${k}_other`)),
        language,
      ).toEqual([])
    }
  })
})

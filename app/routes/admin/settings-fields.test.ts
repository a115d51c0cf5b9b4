import { describe, expect, it } from 'vitest'
import enConsole from '#common/i18n/en-console.json' with { type: 'json' }
import frConsole from '#common/i18n/fr-console.json' with { type: 'json' }
import { CHOICES, COMPANY_TEXTS, NUMBERS, TEXTS } from './settings-fields.ts'

const labels = (bundle: typeof enConsole, group: 'fields' | 'companyFields') =>
  bundle.console.settings[group] as Record<string, unknown>

describe('the site settings form', () => {
  it('labels every field it shows, in both languages (the voice note price showed its key)', () => {
    const shown = [...NUMBERS, ...Object.keys(CHOICES), ...TEXTS]
    for (const bundle of [enConsole, frConsole]) {
      expect(shown.filter((key) => typeof labels(bundle, 'fields')[key] !== 'string')).toEqual([])
      const company = COMPANY_TEXTS.filter((key) => typeof labels(bundle, 'companyFields')[key] !== 'string')
      expect(company).toEqual([])
    }
  })
})

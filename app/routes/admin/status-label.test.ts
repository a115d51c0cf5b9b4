import { describe, expect, it } from 'vitest'
import en from '#common/i18n/en-console.json' with { type: 'json' }
import fr from '#common/i18n/fr-console.json' with { type: 'json' }
import { translator } from '#common/translate.ts'
import { statusLabel } from './status-label.ts'

describe('statusLabel', () => {
  const strings = (language: string) => (language === 'fr' ? fr : en)
  const english = translator(strings, 'en')
  const french = translator(strings, 'fr')

  it('names a stored status in the staff member’s language', () => {
    expect(statusLabel(english, 'account', 'not_confirmed')).toBe('not confirmed')
    expect(statusLabel(french, 'account', 'banned')).toBe('banni')
    expect(statusLabel(french, 'staff', 'disabled')).toBe('désactivé')
    expect(statusLabel(french, 'photo', 'rejected')).toBe('masquée')
    expect(statusLabel(french, 'payment', 'charged_back')).toBe('rejeté par la banque')
  })

  it('shows a status without a label as stored, never as nothing', () => {
    expect(statusLabel(french, 'account', 'archived')).toBe('archived')
  })
})

import { describe, expect, it } from 'vitest'
import { DELETE_REASONS } from './choices.ts'
import { allStrings } from './i18n/resources.ts'
import { DISABLED_REASONS, EMAIL_TYPES } from './notifications.ts'
import { PAYMENT_METHODS } from './payment-methods.ts'
import { type Strings, translator } from './translate.ts'

/**
 * The lists of spec section 3, each as the specification names it, and each entry worded for the
 * member in every language (a missing string would show its key).
 */
const strings = (language: string) => allStrings[language as 'en' | 'fr'] as Strings
const languages = ['en', 'fr'] as const
const worded = (key: (entry: string) => string, entries: readonly string[]) => {
  for (const language of languages) {
    const t = translator(strings, language)
    for (const entry of entries) {
      const text = t(key(entry))
      expect(text, `${language} ${key(entry)}`).not.toBe(key(entry))
      expect(text.trim().length, `${language} ${key(entry)}`).toBeGreaterThan(0)
    }
  }
}

describe('the lists of the specification', () => {
  // spec: DATA-16
  it('has the eighteen payment methods, each with its name', () => {
    expect([...PAYMENT_METHODS].sort()).toEqual(
      [
        'sdd',
        'prezelewy24',
        'blik',
        'sct',
        'giropay',
        'mastercard',
        'visa',
        'creditcard',
        'cartebancaire',
        'nexi',
        'ideal',
        'bancontact',
        'applepay',
        'paysafecard',
        'maestro',
        'paypal',
        'sofort',
        'eps',
      ].sort(),
    )
    worded((m) => `payment.methods.${m}`, PAYMENT_METHODS)
  })

  // spec: DATA-15
  it('has the eight kinds of notification mail, each with its label', () => {
    expect([...EMAIL_TYPES]).toEqual([
      'new_conversations',
      'new_messages',
      'like',
      'unread_message_reminders',
      'promotions',
      'weekly_updates',
      'news',
      'reminders',
    ])
    worded((type) => `notifications.types.${type}.label`, EMAIL_TYPES)
  })

  // spec: DATA-18
  it('has the seven reasons to delete an account, each worded', () => {
    expect([...DELETE_REASONS]).toEqual([
      'price',
      'found_someone',
      'not_looking',
      'site_problems',
      'no_members',
      'time',
      'other',
    ])
    worded((reason) => `settings.reasons.${reason}`, DELETE_REASONS)
  })

  // spec: DATA-19
  it('has the three reasons mails stop, each explained to the member', () => {
    expect([...DISABLED_REASONS]).toEqual(['fbl', 'bounce', 'listunsubscribe'])
    worded((reason) => `notifications.disabled.${reason}`, DISABLED_REASONS)
  })
})

import i18next, { type TFunction } from 'i18next'
import type { Locale } from '#common/constants.ts'
import en from '#common/i18n/en.json' with { type: 'json' }
import fr from '#common/i18n/fr.json' with { type: 'json' }

const instance = i18next.createInstance()
await instance.init({
  resources: { en: { translation: en }, fr: { translation: fr } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
})

/** A translator bound to one locale, for mails and API error messages. */
export function translator(locale: Locale): TFunction {
  return instance.getFixedT(locale)
}

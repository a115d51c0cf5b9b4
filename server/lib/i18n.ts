import i18next, { type TFunction } from 'i18next'
import type { Locale } from '#common/constants.ts'
import { allStrings } from '#common/i18n/resources.ts'

const instance = i18next.createInstance()
await instance.init({
  resources: { en: { translation: allStrings.en }, fr: { translation: allStrings.fr } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
})

/** A translator bound to one locale, for mails and API error messages. */
export function translator(locale: Locale): TFunction {
  return instance.getFixedT(locale)
}

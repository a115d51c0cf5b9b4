import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Locale } from '#common/constants.ts'
import en from '#common/i18n/en.json'
import fr from '#common/i18n/fr.json'

/** An i18next instance for one render (server) or the page's lifetime (browser). */
export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance()
  instance.use(initReactI18next).init({
    resources: { en: { translation: en }, fr: { translation: fr } },
    lng: locale,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  })
  return instance
}

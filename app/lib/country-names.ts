import { regionNames } from '#common/intl.ts'
import { useTranslation } from '../i18n.ts'
import { useRootData } from './use-root-data.ts'

/** What names a country for a page. */
export type CountryName = (code: string) => string

/**
 * Country names in a language (the page's by default): the ones the server sent with the page (its
 * site's countries and the visitor's, app/root.server.ts), so that a page hydrates without making
 * an Intl formatter (common/intl.ts says why); any other country or language from Intl.
 */
export function useCountryName(locale?: string): CountryName {
  const { i18n } = useTranslation()
  const root = useRootData()
  const language = locale ?? i18n.language
  const table = language === root.locale ? root.countryNames : undefined
  return (code) => table?.[code] ?? regionNames(language).of(code) ?? code
}

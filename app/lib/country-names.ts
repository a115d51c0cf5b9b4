import type { Locale } from '#common/constants.ts'
import { regionNames } from '#common/intl.ts'
import { regionName } from '#common/region-names.ts'
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

/** What names a member's region for a page. */
export type RegionName = (place: { region: string | null; region_code?: string | null }) => string | null

/**
 * Regions' names in a language (the page's by default): "Rhénanie-Palatinat" on a French page for
 * the region kept as "Rheinland-Pfalz", by its code (common/region-names.ts); the kept name otherwise.
 */
export function useRegionName(locale?: string): RegionName {
  const { i18n } = useTranslation()
  const language = (locale ?? i18n.language) as Locale
  return (place) =>
    place.region && place.region_code ? regionName(place.region_code, place.region, language) : place.region
}

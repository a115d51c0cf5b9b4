import type { Locale } from '#common/constants.ts'
import { allStrings } from '#common/i18n/resources.ts'
import { type TFunction, translator as translatorOf } from '#common/translate.ts'

const strings = (language: string) => allStrings[language as Locale]

/** A translator bound to one locale, for mails and API error messages. */
export function translator(locale: Locale): TFunction {
  return translatorOf(strings, locale)
}

import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

/**
 * The number an SMS code may go to, in E.164 (+31612345678): a valid mobile number of one of the
 * site's countries (issue 36, point 8), never an international service or satellite number (+882,
 * +881…) nor a country the site does not serve. A number written without its country code is read
 * as a number of each served country in turn. Null when there is none.
 */
export function smsNumber(phone: string, countries: readonly string[]): string | null {
  const candidates = phone.startsWith('+')
    ? [parsePhoneNumberFromString(phone)]
    : countries.map((country) => parsePhoneNumberFromString(phone, country as never))
  for (const number of candidates) {
    if (!number?.isValid() || !number.country || !countries.includes(number.country)) continue
    const type = number.getType()
    if (type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE') return number.number
  }
  return null
}

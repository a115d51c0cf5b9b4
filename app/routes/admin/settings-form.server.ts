import { CHOICES, COMPANY_TEXTS, LANGUAGES, list, NUMBERS, TEXTS } from './settings-fields.ts'

/**
 * The settings form as the console's call takes it (SiteSettingsUpdate): `settings.{key}` and
 * `company.{key}` fields, each text as `text.{key}.{language}`, the gifts one value each in the
 * picker's order (the verification poses likewise), the lists comma-separated.
 */
export function siteSettingsFromForm(fields: Record<string, string>, form: FormData) {
  const text = (name: string) => fields[name] ?? ''
  const discount = text('company.delete_discount')
  const added = text('company.added')
  return {
    site: Number(fields.site),
    settings: {
      ...Object.fromEntries(NUMBERS.map((key) => [key, Number(text(`settings.${key}`))])),
      ...Object.fromEntries(Object.keys(CHOICES).map((key) => [key, text(`settings.${key}`)])),
      refuse_disposable_email: form.has('settings.refuse_disposable_email'),
      countries: list(text('settings.countries')).map((c) => c.toUpperCase()),
      support_email: text('settings.support_email'),
      support_phone: text('settings.support_phone'),
      gifts: form.getAll('gifts'),
      verification_poses: form.getAll('verification_poses'),
      ...Object.fromEntries(
        TEXTS.map((key) => [
          key,
          Object.fromEntries(LANGUAGES.map((language) => [language, text(`text.${key}.${language}`)])),
        ]),
      ),
    },
    company: {
      ...Object.fromEntries(COMPANY_TEXTS.map((key) => [key, text(`company.${key}`)])),
      country: text('company.country').toUpperCase(),
      tradenames: list(text('company.tradenames')),
      vat_numbers: list(text('company.vat_numbers')),
      delete_discount: discount === '' ? null : Number(discount),
      // A date the form cannot read stays as typed: the schema refuses it in words.
      added: /^\d{4}-\d{2}-\d{2}$/.test(added) ? `${added}T00:00:00.000Z` : added,
    },
  }
}

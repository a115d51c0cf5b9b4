import { Marked } from 'marked'
import { cleanPhone } from './clean-phone.ts'
import type { Locale } from './constants.ts'
import { escapeHtml } from './escape-html.ts'
import { dateTimeFormat, regionNames } from './intl.ts'
import { KIND_PRICE_SETTINGS, type KindPriceSetting } from './message-kinds.ts'
import type { CompanyInfo, SiteSettings } from './schemas/sites.ts'
import { termsVersionDate } from './terms-date.ts'
import { withdrawalDays } from './withdrawal.ts'

/** Pages under /pages/{page} (spec section 2). */
export const CONTENT_PAGES = [
  'ban',
  'cookies',
  'faq',
  'privacy',
  'return-policy',
  'service',
  'terms',
] as const
/** Pages reachable by a bare token, /{token}: the content pages plus a few of their own. */
export const TOKEN_PAGES = [...CONTENT_PAGES, 'about', 'safety'] as const
export type ContentPageName = (typeof TOKEN_PAGES)[number]

/** The placeholders a page may hold ({company_name} …), filled from the site's company and settings. */
export const CONTENT_PLACEHOLDERS = [
  'site_name',
  'site_domain',
  'company_name',
  'company_address',
  'company_city',
  'company_country',
  'company_kvk',
  'company_vat',
  'company_tradenames',
  'support_email',
  'support_phone',
  'refund_days',
  'withdrawal_days',
  'terms_date',
  ...KIND_PRICE_SETTINGS,
  'signup_credits',
  'fictional_icon',
  'fictional_plural',
  'delete_discount',
] as const
type ContentValues = Record<(typeof CONTENT_PLACEHOLDERS)[number], string>

const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i

// Pages are written in the console too: HTML in them is shown as text, and a link goes only to the
// web, a mail address, a phone number or a page of the site.
const markdown = new Marked({
  async: false,
  renderer: {
    html: ({ text }) => escapeHtml(text),
  },
  walkTokens: (token) => {
    if ((token.type === 'link' || token.type === 'image') && !SAFE_LINK.test(token.href.trim()))
      token.href = '#'
  },
})

/**
 * A content page's markdown made into its title (the first line, a `# heading`) and HTML, with
 * its placeholders filled (the values HTML-escaped); an unknown placeholder stays as written.
 */
export function renderContentPage(source: string, values: ContentValues): { title: string; html: string } {
  const filled = source.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? escapeHtml(values[key as keyof ContentValues]) : match,
  )
  const [firstLine, ...rest] = filled.split('\n')
  const title = firstLine.replace(/^#\s*/, '').trim()
  const html = markdown.parse(rest.join('\n')) as string
  return { title, html }
}

/** The values of a site's placeholders in a language (spec sections 3 and 4). */
export function contentValues(
  site: { settings: SiteSettings; company: CompanyInfo },
  locale: Locale,
): ContentValues {
  const { settings, company } = site
  const dateFormat = dateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })
  const countryName = regionNames(locale)
  return {
    site_name: settings.name,
    site_domain: settings.domain,
    company_name: company.name,
    company_address: company.address,
    company_city: company.city,
    company_country: countryName.of(company.country) ?? company.country,
    company_kvk: company.kvk,
    company_vat: company.vat_numbers.join(', '),
    company_tradenames: company.tradenames.join(', '),
    support_email: settings.support_email,
    support_phone: cleanPhone(settings.support_phone),
    refund_days: String(settings.refund_days),
    // The withdrawal function's window (ADR 32): the law's 14 days, or the site's when longer.
    withdrawal_days: String(withdrawalDays(settings.refund_days)),
    terms_date: dateFormat.format(termsVersionDate(company.added)),
    ...(Object.fromEntries(KIND_PRICE_SETTINGS.map((s) => [s, String(settings[s])])) as Record<
      KindPriceSetting,
      string
    >),
    signup_credits: String(settings.signup_credits),
    fictional_icon: settings.fictional_icon,
    fictional_plural: settings.fictional_plural[locale],
    delete_discount: String(company.delete_discount ?? 0),
  }
}

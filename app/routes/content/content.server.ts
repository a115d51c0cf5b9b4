import { marked } from 'marked'
import { data, type RouterContextProvider } from 'react-router'
import { cleanPhone } from '#common/clean-phone.ts'
import type { Locale } from '#common/constants.ts'
import { escapeHtml } from '#common/escape-html.ts'
import { termsVersionDate } from '#common/terms-date.ts'
import { getAppContext } from '../../context.server.ts'

const SOURCES = import.meta.glob('../../content/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>

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

function source(locale: Locale, name: string): string | undefined {
  return SOURCES[`../../content/${locale}/${name}.md`] ?? SOURCES[`../../content/en/${name}.md`]
}

/** A content page in the visitor's language, filled with the site's company and settings. */
export function loadContentPage(
  context: Readonly<RouterContextProvider>,
  name: string,
  allowed: readonly string[],
) {
  const app = getAppContext(context)
  const text = allowed.includes(name) ? source(app.locale, name) : undefined
  if (!text) throw data(null, { status: 404 })
  const { settings, company } = app.site
  const dateFormat = new Intl.DateTimeFormat(app.locale, { dateStyle: 'long', timeZone: 'UTC' })
  const countryName = new Intl.DisplayNames([app.locale], { type: 'region' })
  const values: Record<string, string> = {
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
    terms_date: dateFormat.format(termsVersionDate(company.added)),
    message_credits: String(settings.message_credits),
    gift_credits: String(settings.gift_credits),
    photo_credits: String(settings.photo_credits),
    signup_credits: String(settings.signup_credits),
    fictional_icon: settings.fictional_icon,
    fictional_plural: app.settings.fictional_plural,
    delete_discount: String(company.delete_discount ?? 0),
  }
  const filled = text.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? escapeHtml(values[key]) : match,
  )
  const [firstLine, ...rest] = filled.split('\n')
  const title = firstLine.replace(/^#\s*/, '').trim()
  const html = marked.parse(rest.join('\n'), { async: false }) as string
  return { name, title, html }
}

import { type RouterContextProvider, redirect } from 'react-router'
import { z } from 'zod'
import { isLocale } from '#common/locale.ts'
import { sameSitePath } from '#common/same-site-path.ts'
import { getAppContext } from '../context.server.ts'
import { countryCookie, localeCookie } from '../lib/cookies.ts'
import { visitorCountry } from './visitor-members.server.ts'

const LangConfigForm = z.object({
  locale: z.string().refine(isLocale),
  country: z.string().regex(/^[A-Z]{2}$/),
  /** Where to go back to: a path of this site, or the home page (no open redirect). */
  back: z.unknown().transform((back) => sameSitePath(back)),
})

/** The countries this site serves and the current choices. */
export function loadLangConfig(context: Readonly<RouterContextProvider>) {
  const app = getAppContext(context)
  return {
    countries: app.site.settings.countries,
    country: visitorCountry(context) ?? app.site.settings.countries[0],
  }
}

const LanguageForm = LangConfigForm.pick({ locale: true, back: true })

/**
 * A member's account keeps the language for their mails; the page switches whatever becomes of it
 * (spec section 7).
 */
async function keepForMails(context: Readonly<RouterContextProvider>, locale: 'en' | 'fr') {
  const app = getAppContext(context)
  if (!app.user) return
  await app.services.accounts
    .updateUser(app.request.member(), { language: locale }, app.site)
    .catch(() => undefined)
}

/**
 * Saves the chosen language and country in cookies, then goes back where the visitor came from.
 * `?intent=language` (the header's language menu) sets the language alone. Either way a member's
 * account keeps the language for their mails (as PUT /api/user.php {language} does).
 */
export async function saveLangConfig(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const fields = Object.fromEntries(await request.formData())
  if (new URL(request.url).searchParams.get('intent') === 'language') {
    const chosen = LanguageForm.safeParse(fields)
    if (!chosen.success) return { ok: false as const }
    const locale = chosen.data.locale as 'en' | 'fr'
    await keepForMails(context, locale)
    return redirect(chosen.data.back, { headers: { 'Set-Cookie': localeCookie(locale) } })
  }
  const parsed = LangConfigForm.safeParse(fields)
  if (!parsed.success || !app.site.settings.countries.includes(parsed.data.country)) {
    return { ok: false as const }
  }
  await keepForMails(context, parsed.data.locale as 'en' | 'fr')
  const headers = new Headers()
  headers.append('Set-Cookie', localeCookie(parsed.data.locale as 'en' | 'fr'))
  headers.append('Set-Cookie', countryCookie(parsed.data.country))
  return redirect(parsed.data.back, { headers })
}

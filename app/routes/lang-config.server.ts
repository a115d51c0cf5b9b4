import { type RouterContextProvider, redirect } from 'react-router'
import { z } from 'zod'
import { isLocale } from '#common/locale.ts'
import { getAppContext } from '../context.server.ts'
import { countryCookie, localeCookie } from '../lib/cookies.ts'

const LangConfigForm = z.object({
  locale: z.string().refine(isLocale),
  country: z.string().regex(/^[A-Z]{2}$/),
  back: z
    .string()
    .regex(/^\/(?!\/)/)
    .optional(),
})

/** The countries this site serves and the current choices. */
export function loadLangConfig(context: Readonly<RouterContextProvider>) {
  const app = getAppContext(context)
  return {
    countries: app.site.settings.countries,
    country: app.selectedCountry ?? app.geoCountry ?? app.site.settings.countries[0],
  }
}

/** Saves the chosen language and country in cookies, then goes back where the visitor came from. */
export async function saveLangConfig(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const parsed = LangConfigForm.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success || !app.site.settings.countries.includes(parsed.data.country)) {
    return { ok: false as const }
  }
  const headers = new Headers()
  headers.append('Set-Cookie', localeCookie(parsed.data.locale as 'en' | 'fr'))
  headers.append('Set-Cookie', countryCookie(parsed.data.country))
  return redirect(parsed.data.back ?? '/', { headers })
}

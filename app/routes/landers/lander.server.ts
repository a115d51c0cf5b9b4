import { data, type RouterContextProvider } from 'react-router'
import { LANDER_SLUGS, LANDERS } from '#common/landers.ts'
import { getAppContext } from '../../context.server.ts'

/** A lander by name; the slug (eng for English) only picks the language of the copy. */
export function loadLander(context: Readonly<RouterContextProvider>, name: string, slug: string | undefined) {
  if (!(LANDERS as readonly string[]).includes(name)) throw data(null, { status: 404 })
  const app = getAppContext(context)
  const copyLocale = slug === LANDER_SLUGS.en ? 'en' : slug === LANDER_SLUGS.fr ? 'fr' : app.locale
  return { name, copyLocale }
}

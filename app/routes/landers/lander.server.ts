import { data, type RouterContextProvider } from 'react-router'
import { getAppContext } from '../../context.server.ts'

/** The marketing landers of spec section 2. */
export const LANDERS = [
  'tinderswipe',
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const

/** A lander by name; the slug (eng for English) only picks the language of the copy. */
export function loadLander(context: Readonly<RouterContextProvider>, name: string, slug: string | undefined) {
  if (!(LANDERS as readonly string[]).includes(name)) throw data(null, { status: 404 })
  const app = getAppContext(context)
  const copyLocale = slug === 'eng' ? 'en' : slug === 'fra' ? 'fr' : app.locale
  return { name, copyLocale }
}

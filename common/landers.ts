import type { Locale } from './constants.ts'

/** The marketing landers of spec section 2, at /landers/{name}/{slug?}. */
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

/** A lander's slug for each bundled language (spec section 2: eng for English). */
export const LANDER_SLUGS = { en: 'eng', fr: 'fra' } as const

/** The language a lander's or member landing's slug names, if it names one (else a campaign's word). */
export function slugLocale(slug: string | undefined): Locale | undefined {
  return slug === LANDER_SLUGS.en ? 'en' : slug === LANDER_SLUGS.fr ? 'fr' : undefined
}

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

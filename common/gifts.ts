/** Every gift there is (pictures under /gifts/{key}.svg); each site offers some of them, in its order. */
export const GIFT_KEYS = [
  'rose',
  'heart',
  'chocolate',
  'champagne',
  'teddy',
  'ring',
  'coffee',
  'star',
] as const
export type GiftKey = (typeof GIFT_KEYS)[number]

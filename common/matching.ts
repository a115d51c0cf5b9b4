/** The genders a member looks for, from their gender and sexuality (straight when not given). */
export function gendersSought(gender: string, sexuality: string | null | undefined): string[] {
  if (sexuality === 'gay') return [gender]
  if (sexuality === 'bisexual') return ['female', 'male']
  return [gender === 'female' ? 'male' : 'female']
}

/** Without a chosen range, a member looks for people this many years younger or older. */
const SEEK_AGE_SPAN = 10

/**
 * The ages a member looks for (issue 18): the range they chose, else their own age give or take
 * SEEK_AGE_SPAN years (never below 18 or above 99). Search, the swipe game, the match finder, the
 * like modal and the auto-like all start from it.
 */
export function agesSought(member: { age: number; seekMinAge?: number | null; seekMaxAge?: number | null }): {
  min: number
  max: number
} {
  return {
    min: member.seekMinAge ?? Math.max(18, member.age - SEEK_AGE_SPAN),
    max: member.seekMaxAge ?? Math.min(99, member.age + SEEK_AGE_SPAN),
  }
}

/** What "looking for" a gender and a sexuality say: men, women or both. */
export type Seeking = 'men' | 'women' | 'both'

export function seekingOf(gender: string, sexuality: string | null | undefined): Seeking {
  const genders = gendersSought(gender, sexuality)
  if (genders.length === 2) return 'both'
  return genders[0] === 'female' ? 'women' : 'men'
}

/** The sexuality a gender and whom they look for make (stored as sexuality, spec section 3). */
export function sexualityOf(gender: string, seeking: Seeking): 'straight' | 'gay' | 'bisexual' {
  if (seeking === 'both') return 'bisexual'
  return (gender === 'female') === (seeking === 'men') ? 'straight' : 'gay'
}

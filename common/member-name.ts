/**
 * Names are names (issue 36, point 10): what a member may call themselves, shown to everyone on
 * cards, in chats and in mails. A name is refused, with a reason the member can act on, when it
 * holds a line break or another control character, a right-to-left override or another invisible
 * format character, has no letter at all (made of spaces, marks or symbols), or passes itself off as
 * the site or its staff ("Support Team", "Admin", the brand's name).
 */
export type NameProblem = 'name_invalid_characters' | 'name_no_letters' | 'name_reserved'

/** Control characters (line breaks, tabs…), and line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u
/**
 * Invisible characters: format ones (bidi overrides and isolates, zero-width spaces and joiners, BOM)
 * and the blank "letters" used to make a name look empty (Hangul fillers, the blank Braille cell).
 */
const FORMAT = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/u
const LETTER = /\p{L}/u

/** Words that present a name as the site's own people, in English and French. */
const STAFF_WORDS = new Set([
  'admin',
  'administrator',
  'administrateur',
  'administratrice',
  'moderator',
  'moderateur',
  'moderatrice',
  'mod',
  'support',
  'staff',
  'team',
  'equipe',
  'official',
  'officiel',
  'officielle',
  'helpdesk',
  'service',
  'customerservice',
  'serviceclient',
  'sysadmin',
  'root',
  'system',
  'systeme',
  'security',
  'securite',
])

/** Letters as they look: accents dropped, digits and signs read as the letters they stand for. */
const LOOKALIKE: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
}

/** A name reduced to what a reader sees in it: lower case, no accents, look-alike signs read as letters. */
export function foldName(name: string): string {
  return [...name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()]
    .map((c) => LOOKALIKE[c] ?? c)
    .join('')
}

/** What is wrong with a name (trimmed), or null; `brands` are the sites' names (LunaDate…). */
export function nameProblem(name: string, brands: readonly string[] = []): NameProblem | null {
  if (CONTROL.test(name) || FORMAT.test(name)) return 'name_invalid_characters'
  if (!LETTER.test(name)) return 'name_no_letters'
  const folded = foldName(name)
  const words = folded.split(/[^\p{L}]+/u).filter(Boolean)
  const joined = words.join('')
  if (words.some((w) => STAFF_WORDS.has(w)) || STAFF_WORDS.has(joined)) return 'name_reserved'
  if (
    brands.some(
      (brand) =>
        foldName(brand).replace(/[^\p{L}]+/gu, '') !== '' &&
        joined.includes(foldName(brand).replace(/[^\p{L}]+/gu, '')),
    )
  )
    return 'name_reserved'
  return null
}

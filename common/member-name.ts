/**
 * Names are names (issue 36, point 10): what a member may call themselves, shown to everyone on
 * cards, in chats and in mails. A name is refused, with a reason the member can act on, when it
 * holds a line break or another control character, a right-to-left override or another invisible
 * format character, has no letter at all (made of spaces, marks or symbols), or passes itself off as
 * the site or its staff ("Support Team", "Admin", the brand's name), letters of other scripts that
 * look the same included ("Аdmin" with a Cyrillic А: the server reads names through Unicode's table
 * of confusables, issue 55 point 7), or holds a mark the site itself shows beside names (✦).
 */
export type NameProblem = 'name_invalid_characters' | 'name_no_letters' | 'name_reserved' | 'name_site_mark'

/** How the server reads a name beyond what this file folds, and the marks the site shows. */
interface NameReading {
  /** What a reader takes a text for: each confusable character as the one it looks like. */
  seen?: (text: string) => string
  /** The signs the site puts beside names (the fictional profiles' mark). */
  marks?: readonly string[]
}

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

/**
 * A name reduced to what a reader sees in it: lower case, no accents, look-alike signs read as
 * letters, then (`seen`) confusable letters of any script as the ones they look like. `capitals`
 * reads them before lower case: a capital may look like a Latin letter that its small form does
 * not (Cherokee Ꭺ), while Latin capitals read before lower case would turn I into l.
 */
function foldName(name: string, seen: (text: string) => string = (text) => text, capitals = false): string {
  const plain = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '')
  const signs = [...plain(name)].map((c) => LOOKALIKE[c] ?? c).join('')
  const lower = plain(capitals ? seen(signs) : signs).toLowerCase()
  return plain(seen(lower)).toLowerCase()
}

/** The staff's words as a reader sees them, per way of reading (one set each). */
const staffWordsSeen = new Map<(text: string) => string, Set<string>>()
function staffWords(seen: (text: string) => string): Set<string> {
  let words = staffWordsSeen.get(seen)
  if (!words) {
    words = new Set([...STAFF_WORDS].map((w) => foldName(w, seen)))
    staffWordsSeen.set(seen, words)
  }
  return words
}

/** What is wrong with a name (trimmed), or null; `brands` are the sites' names (LunaDate…). */
export function nameProblem(
  name: string,
  brands: readonly string[] = [],
  reading: NameReading = {},
): NameProblem | null {
  if (CONTROL.test(name) || FORMAT.test(name)) return 'name_invalid_characters'
  if (!LETTER.test(name)) return 'name_no_letters'
  if (reading.marks?.some((mark) => mark.trim() !== '' && name.includes(mark.trim()))) return 'name_site_mark'
  const seen = reading.seen ?? ((text: string) => text)
  const reserved = staffWords(seen)
  const seenBrands = brands.map((brand) => foldName(brand, seen).replace(/[^\p{L}]+/gu, '')).filter(Boolean)
  for (const capitals of reading.seen ? [false, true] : [false]) {
    const words = foldName(name, seen, capitals)
      .split(/[^\p{L}]+/u)
      .filter(Boolean)
    const joined = words.join('')
    if (words.some((w) => reserved.has(w)) || reserved.has(joined)) return 'name_reserved'
    if (seenBrands.some((brand) => joined.includes(brand))) return 'name_reserved'
  }
  return null
}

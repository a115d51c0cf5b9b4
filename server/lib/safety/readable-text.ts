// What the safety rules read (issue 60, point 4): a text with the tricks that hide words and numbers
// from a filter undone. The message itself is stored and shown as written; only the rules read this.

/** Zero-width characters and bidirectional controls: invisible, they split a word or a number. */
const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g

/** Letters that look like Latin ones (Cyrillic, Greek), as the Latin letter they pass for. */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
}
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g')

/**
 * A text as the rules read it: compatibility forms folded (full-width digits and letters, ligatures,
 * circled and styled letters: NFKC), invisible characters taken out, look-alike letters made Latin.
 */
export function readableText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c] ?? c)
    .replace(SPACED_LETTERS, (run) => run.replace(/ /g, ''))
}

/** A word written a letter at a time ("W h a t s a p p", "s l u t"): four single letters or more. */
const SPACED_LETTERS = /(?<![\p{L}\d])\p{L}(?: \p{L}){3,}(?![\p{L}\d])/gu

/** Digits written as words, in English and French. */
const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  zéro: '0',
  un: '1',
  une: '1',
  deux: '2',
  trois: '3',
  quatre: '4',
  cinq: '5',
  sept: '7',
  huit: '8',
  neuf: '9',
}
const TOKEN = `(?:${Object.keys(NUMBER_WORDS).join('|')}|\\d)`
/** Four or more digits, spelled or written, with at most three characters but letters between them. */
const SPELLED_RUN = new RegExp(`(?<!\\p{L})${TOKEN}(?:[^\\p{L}\\d]{0,3}${TOKEN}){3,}(?!\\p{L})`, 'giu')
const TOKENS = new RegExp(`${TOKEN}`, 'giu')

/**
 * The digits a text spells, for the phone rule: a run of four or more digits written as words or
 * figures (a number read out: "zero six one two…", "zéro six douze") becomes its figures; "one of the
 * two" stays words.
 */
export function spelledDigits(text: string): string {
  return text
    .replace(FRENCH_PAIR, frenchPair)
    .replace(LETTERS_AMONG_DIGITS, (token) => token.replace(/[oO]/g, '0').replace(/[Il]/g, '1'))
    .replace(SPELLED_RUN, (run) => run.replace(TOKENS, (token) => NUMBER_WORDS[token.toLowerCase()] ?? token))
}

/** A figure written with the letters that pass for 0 and 1 ("07700 9OO 123", "06 I2"). */
const LETTERS_AMONG_DIGITS = /(?<![\p{L}\d])(?=[\dOoIl]*\d)(?=[\dOoIl]*[OoIl])[\dOoIl]{2,}(?![\p{L}\d])/gu

const TEENS: Record<string, number> = {
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
  'dix-sept': 17,
  'dix-huit': 18,
  'dix-neuf': 19,
}
const TENS: Record<string, number> = {
  vingt: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
  'quatre-vingt': 80,
  'quatre-vingts': 80,
}
const UNITS: Record<string, number> = {
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
}
const words = (table: Record<string, number>) =>
  Object.keys(table)
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace('-', '[- ]'))
    .join('|')
/**
 * A French number from 10 to 99 in words, as French phone numbers are read out in pairs ("zéro six,
 * douze, trente-quatre, soixante-dix-huit"): tens, then a teen or a unit ("et" allowed).
 */
const FRENCH_PAIR = new RegExp(
  `(?<!\\p{L})(?:(${words(TENS)})(?:[- ](?:et[- ])?(?:(${words(TEENS)})|(${words(UNITS)})))?|(${words(TEENS)}))(?!\\p{L})`,
  'giu',
)
const dashed = (w: string | undefined) => w?.toLowerCase().replace(' ', '-')
function frenchPair(_: string, tens?: string, teen?: string, unit?: string, alone?: string): string {
  if (alone) return String(TEENS[dashed(alone) ?? ''])
  const value =
    (TENS[dashed(tens) ?? ''] ?? 0) + (TEENS[dashed(teen) ?? ''] ?? 0) + (UNITS[dashed(unit) ?? ''] ?? 0)
  return String(value)
}

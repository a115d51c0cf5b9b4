import { createRequire } from 'node:module'
import { type Locale, SUPPORTED_LOCALES } from '#common/constants.ts'
import { readableText } from './readable-text.ts'

// The unkind-message rule (issue 38, ADR 29): a word list per language, the naughty-words
// package's (LDNOOBW's, maintained) with our changes in words.<language>.json: its words that are
// not insults on a dating site allowed, the insults and harassment it lacks added, and the words
// that are ordinary in another language named. Every text is read against every list (issue 55,
// point 1): the sender's interface language decides nothing but a word of two meanings.

const require = createRequire(import.meta.url)

/** A text as the rule reads it: lower case, no accents, words split on anything else. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

interface Changes {
  allow: string[]
  add: string[]
  /** Words of this list that are ordinary words of another language the site speaks, by language. */
  elsewhere?: Record<string, string[]>
  /** Phrases in which a listed word is innocent: a book, a dish, a bird ("Moby Dick", "con carne"). */
  innocent?: string[]
  /**
   * Mild words that insult only when aimed at someone ("you're so dumb", not "the ending was so
   * dumb"; "I'm a total idiot with directions" is said of oneself): after an aiming word, or alone.
   */
  aimed?: string[]
  /** The words that aim a mild word at the reader ("you", "t'es", "espèce de"…). */
  aiming?: string[]
  /** Phrases that insult only at the end of a clause ("ferme-la !", not "ferme la fenêtre"). */
  clauseEnd?: string[]
}

const key = (phrase: string) => wordsOf(phrase).join(' ')
const changesOf = (language: Locale) => require(`./words.${language}.json`) as Changes

/**
 * What every list allows: adults' everyday words on a dating site (sex, kinky, baiser…) are not
 * insults in any language, whichever list would name them.
 */
const ALLOWED = new Set(SUPPORTED_LOCALES.flatMap((language) => changesOf(language).allow.map(key)))

interface List {
  /** The list's phrases, as normalized words, by their first word. */
  byFirst: Map<string, string[][]>
  /** Its phrases that are ordinary words in another language ("bite", a meal in English). */
  elsewhere: Set<string>
  aimed: Set<string>
  aiming: string[][]
  clauseEnd: Set<string>
}

function listOf(language: Locale): List {
  const listed = require(`naughty-words/${language}.json`) as string[]
  const changes = changesOf(language)
  const phrases = new Set([...listed, ...changes.add].map(key).filter((p) => p && !ALLOWED.has(p)))
  const byFirst = new Map<string, string[][]>()
  for (const phrase of phrases) {
    const words = phrase.split(' ')
    byFirst.set(words[0], [...(byFirst.get(words[0]) ?? []), words])
  }
  return {
    byFirst,
    elsewhere: new Set(
      Object.values(changes.elsewhere ?? {})
        .flat()
        .map(key),
    ),
    aimed: new Set((changes.aimed ?? []).map(key)),
    aiming: (changes.aiming ?? []).map((phrase) => wordsOf(phrase)),
    clauseEnd: new Set((changes.clauseEnd ?? []).map(key)),
  }
}

const LISTS = Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, listOf(l)])) as Record<Locale, List>

/**
 * Short words that say which language a text is in (normalized as wordsOf does); none that the
 * other language writes too ("a", "on", "me", "son", "pour"). A language that joins the site adds
 * its own.
 */
const FUNCTION_WORDS: Record<Locale, ReadonlySet<string>> = {
  en: new Set(
    'the an and but is are was were be been am i you he she it we they my your his our their to of in at for with from what how why where when who do does did not yes this that these those have has had will would can could should so just like want get go let lets im dont cant u ur hi hey hello there here about some any please thanks thank'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les un une des du de et est es suis sommes etes sont je tu il elle nous vous ils elles mon ma mes ton ta tes sa ses ce cette ces c j qu que qui quoi pas ne n d l au aux avec dans sur mais ou donc tres bien oui salut bonjour merci ca va fais fait veux peux toi moi quel quelle comment pourquoi aussi'.split(
      ' ',
    ),
  ),
}

/**
 * The language a text's own words say it is in (the most of their function words), or `fallback`
 * when they do not say (none, or as many of two languages).
 */
export function likelyLanguage(words: readonly string[], fallback: Locale): Locale {
  let best: Locale = fallback
  let most = 0
  let tied = false
  for (const language of SUPPORTED_LOCALES) {
    const count = words.filter((w) => FUNCTION_WORDS[language].has(w)).length
    if (count > most) {
      best = language
      most = count
      tied = false
    } else if (count === most && count > 0) tied = true
  }
  return most === 0 || tied ? fallback : best
}

/** Every word of every list's phrases: what a disguised word is read back to. */
const KNOWN = new Set(Object.values(LISTS).flatMap((list) => [...list.byFirst.values()].flat(2)))
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's' }

/**
 * A word as the lists know it when it was disguised: figures for letters ("b1tch", "sal0pe"),
 * letters repeated ("fuuuck", "connnnasse"), or put in the plural; otherwise the word itself.
 */
function undisguised(word: string): string {
  if (KNOWN.has(word)) return word
  const candidates = [
    /\p{L}/u.test(word) && /\d/.test(word) ? word.replace(/[01345]/g, (d) => LEET[d]) : word,
  ].flatMap((w) => [w, w.replace(/(\p{L})\1{2,}/gu, '$1'), w.replace(/(\p{L})\1{2,}/gu, '$1$1')])
  // A plural the lists have in the singular ("connards", "salopes").
  if (word.length > 4 && word.endsWith('s')) candidates.push(word.slice(0, -1))
  return candidates.find((w) => KNOWN.has(w)) ?? word
}

/** Innocent phrases of every language, as words read the way a text's are ("faggots" as "faggot"). */
const INNOCENT = SUPPORTED_LOCALES.flatMap((language) =>
  (changesOf(language).innocent ?? []).map((phrase) => wordsOf(phrase).map(undisguised)),
)
/** A word masked with stars ("f*ck", "sl*t", "p*te"), read back to the listed word it fits, if one. */
function unmasked(token: string): string {
  const plain = token
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
  const fits = new RegExp(`^${plain.replace(/[^\p{L}\d*]/gu, '').replace(/\*/g, '\\p{L}')}$`, 'u')
  for (const word of KNOWN) if (fits.test(word)) return word
  return token
}
const MASKED = /(?<![\p{L}\d*])\p{L}[\p{L}\d]*\*[\p{L}\d*]*(?![\p{L}\d*])/gu

/** A text's clauses (split at punctuation), each as its words with disguises undone. */
function clausesOf(text: string): string[][] {
  return readableText(text)
    .replace(MASKED, unmasked)
    .split(/[.!?,;:…()\n]+/)
    .map((clause) => wordsOf(clause).map(undisguised))
    .filter((words) => words.length > 0)
}

/** Whether words[from, to) is one of the phrases, as words in a row. */
const startsAt = (words: readonly string[], i: number, phrase: readonly string[]) =>
  phrase.every((w, j) => words[i + j] === w)

/**
 * The insults and harassment of every language the site speaks found in a text, as written there
 * (normalized), or none (issue 55, point 1). A word that is an insult in one language and ordinary
 * in another ("bite") counts only in a text whose words say it is in the insult's language, or,
 * when they do not say, whose sender writes in it (`language`: the one they use the site in). The
 * words of an innocent phrase ("Moby Dick") are passed over; a mild word counts only when aimed at
 * someone (after "you", "t'es"…, or alone in its clause); some phrases only at a clause's end.
 * Measured on the labelled corpus (tests/fixtures/safety-corpus, issue 60, point 3).
 */
export function findUnkindWords(text: string, language: Locale): string[] {
  // Read with the tricks that hide a word undone (issue 60, point 4): invisible characters, look-alikes.
  const clauses = clausesOf(text)
  const found = new Set<string>()
  let likely: Locale | undefined
  for (const words of clauses) {
    const innocent = new Set<number>()
    words.forEach((_, i) => {
      for (const phrase of INNOCENT)
        if (startsAt(words, i, phrase)) for (let j = 0; j < phrase.length; j++) innocent.add(i + j)
    })
    for (const listLanguage of SUPPORTED_LOCALES) {
      const list = LISTS[listLanguage]
      words.forEach((word, i) => {
        for (const phrase of list.byFirst.get(word) ?? []) {
          if (!startsAt(words, i, phrase)) continue
          if (phrase.some((_, j) => innocent.has(i + j))) continue
          const joined = phrase.join(' ')
          if (list.clauseEnd.has(joined) && i + phrase.length !== words.length) continue
          if (list.aimed.has(joined) && words.length > 2 && !aimedAt(words, i, list.aiming)) continue
          if (list.elsewhere.has(joined)) {
            likely ??= likelyLanguage(clauses.flat(), language)
            if (likely !== listLanguage) continue
          }
          found.add(joined)
        }
      })
    }
  }
  return [...found]
}

/** Whether an aiming word or phrase is within three words of words[i] ("you ugly…", "ugly cow like you"). */
function aimedAt(words: readonly string[], i: number, aiming: readonly string[][]): boolean {
  return aiming.some((phrase) => {
    for (let start = Math.max(0, i - 2 - phrase.length); start <= i + 3; start++) {
      // Not the word itself: "you" is no insult aimed at anyone.
      if (start <= i && start + phrase.length > i) continue
      if (startsAt(words, start, phrase)) return true
    }
    return false
  })
}

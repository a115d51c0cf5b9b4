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

/**
 * The insults and harassment of every language the site speaks found in a text, as written there
 * (normalized), or none (issue 55, point 1). A word that is an insult in one language and ordinary
 * in another ("bite") counts only in a text whose words say it is in the insult's language, or,
 * when they do not say, whose sender writes in it (`language`: the one they use the site in).
 */
export function findUnkindWords(text: string, language: Locale): string[] {
  // Read with the tricks that hide a word undone (issue 60, point 4): invisible characters, look-alikes.
  const words = wordsOf(readableText(text))
  const found = new Set<string>()
  let likely: Locale | undefined
  for (const listLanguage of SUPPORTED_LOCALES) {
    const list = LISTS[listLanguage]
    words.forEach((word, i) => {
      for (const phrase of list.byFirst.get(word) ?? []) {
        if (!phrase.every((w, j) => words[i + j] === w)) continue
        const joined = phrase.join(' ')
        if (list.elsewhere.has(joined)) {
          likely ??= likelyLanguage(words, language)
          if (likely !== listLanguage) continue
        }
        found.add(joined)
      }
    })
  }
  return [...found]
}

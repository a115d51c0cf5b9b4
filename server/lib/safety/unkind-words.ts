import { createRequire } from 'node:module'
import type { Locale } from '#common/constants.ts'

// The unkind-message rule (issue 38, ADR 29): a word list per language, the naughty-words
// package's (LDNOOBW's, maintained) with our changes in words.<language>.json: its words that are
// not insults on a dating site allowed, the insults and harassment it lacks added.

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
}

/** One language's list as phrases of normalized words, by their first word. */
function phrasesOf(language: Locale): Map<string, string[][]> {
  const listed = require(`naughty-words/${language}.json`) as string[]
  const changes = require(`./words.${language}.json`) as Changes
  const key = (phrase: string) => wordsOf(phrase).join(' ')
  const allowed = new Set(changes.allow.map(key))
  const phrases = new Set([...listed, ...changes.add].map(key).filter((p) => p && !allowed.has(p)))
  const byFirst = new Map<string, string[][]>()
  for (const phrase of phrases) {
    const words = phrase.split(' ')
    byFirst.set(words[0], [...(byFirst.get(words[0]) ?? []), words])
  }
  return byFirst
}

const LISTS: Record<Locale, Map<string, string[][]>> = { en: phrasesOf('en'), fr: phrasesOf('fr') }

/**
 * The insults and harassment the sender's language's list finds in a text, as written there
 * (normalized), or none.
 */
export function findUnkindWords(text: string, language: Locale): string[] {
  const words = wordsOf(text)
  const found = new Set<string>()
  words.forEach((word, i) => {
    for (const phrase of LISTS[language].get(word) ?? [])
      if (phrase.every((w, j) => words[i + j] === w)) found.add(phrase.join(' '))
  })
  return [...found]
}

import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Locale } from '#common/constants.ts'
import { findContactDetails, openingHash } from '#server/lib/safety/contact-details.ts'
import { findMoneyRequest } from '#server/lib/safety/scam-signs.ts'
import { findUnkindWords } from '#server/lib/safety/unkind-words.ts'

// The safety rules measured on the labelled corpus (issue 60, point 3): tests/fixtures/safety-corpus,
// a folder per language, a file per label set (README.md there says how it is written). Read by the
// unit test that holds the goals and by `npm run bench:safety`, which prints the table.

const ROOT = path.join(import.meta.dirname, '../fixtures/safety-corpus')

/** What a careful moderator decides of a message: a rule's label, or none for an ordinary one. */
export const RULES = ['contact', 'money', 'insult'] as const
export type Rule = (typeof RULES)[number]

export interface Entry {
  text: string
  /** The rules that should fire; none for an ordinary message. Pasted openers carry their group. */
  labels: ReadonlySet<Rule>
  group?: number
  /** Where it is written: file:line. */
  at: string
}

/** `\uXXXX` in a line stands for the character, so that an invisible one can be read. */
const shownAsWritten = (line: string) =>
  line.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/**
 * The corpus's two parts: the messages the rules were tuned on, and those written after, kept out
 * of the tuning to tell how the rules do on messages they were not fitted to (`held-out/`).
 */
export type Part = 'tuned' | 'held-out'

/** Every message of a language's corpus (or of one part) with its labels. */
export function readCorpus(language: Locale, part?: Part): Entry[] {
  if (!part) return [...readCorpus(language, 'tuned'), ...readCorpus(language, 'held-out')]
  const folder = path.join(ROOT, language, part === 'held-out' ? 'held-out' : '')
  const entries: Entry[] = []
  let group = 0
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.txt'))) {
    const name = file.replace(/\.txt$/, '')
    const pasted = name === 'pasted'
    const labels = new Set(name === 'ordinary' || pasted ? [] : name.split('+').map((label) => label as Rule))
    for (const label of labels) if (!RULES.includes(label)) throw new Error(`${file}: unknown label ${label}`)
    let inGroup = false
    readFileSync(path.join(folder, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.trim() === '') {
          inGroup = false
          return
        }
        if (line.startsWith('#')) return
        if (pasted && !inGroup) {
          group++
          inGroup = true
        }
        entries.push({
          text: shownAsWritten(line),
          labels,
          ...(pasted ? { group } : {}),
          at: `${language}/${part === 'held-out' ? 'held-out/' : ''}${file}:${i + 1}`,
        })
      })
  }
  return entries
}

/** Which rules fire on a text, as the send reads it. */
export function firing(text: string, language: Locale): Set<Rule> {
  const fired = new Set<Rule>()
  if (findContactDetails(text) !== null) fired.add('contact')
  if (findMoneyRequest(text) !== null) fired.add('money')
  if (findUnkindWords(text, language).length > 0) fired.add('insult')
  return fired
}

export interface RuleFigures {
  /** Messages labelled for the rule, and how many of them it caught. */
  labelled: number
  caught: number
  /** Messages it fired on. */
  fired: number
  precision: number
  recall: number
  misses: Entry[]
  wrong: Entry[]
}

export interface Measured {
  language: Locale
  part?: Part
  messages: number
  rules: Record<Rule, RuleFigures>
  ordinary: number
  /** Ordinary messages on which any rule fires (a question to the sender or a tip to the receiver). */
  nudged: Entry[]
  /** Ordinary messages that would add to a scam score (a contact or money sign). */
  scored: Entry[]
  /** Pasted introductions: groups, the groups seen as one introduction sent 3 times or more. */
  pasted: { groups: number; caught: number; missed: number[]; collisions: Array<[Entry, Entry]> }
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b)

/** The corpus of a language measured: each rule's precision and recall, and the nudges. */
export function measureCorpus(language: Locale, part?: Part): Measured {
  const entries = readCorpus(language, part)
  const fired = entries.map((e) => firing(e.text, language))
  const rules = {} as Record<Rule, RuleFigures>
  for (const rule of RULES) {
    const misses: Entry[] = []
    const wrong: Entry[] = []
    let labelled = 0
    let caught = 0
    let firedOn = 0
    entries.forEach((entry, i) => {
      const should = entry.labels.has(rule)
      const did = fired[i].has(rule)
      if (should) labelled++
      if (did) firedOn++
      if (should && did) caught++
      if (should && !did) misses.push(entry)
      if (!should && did) wrong.push(entry)
    })
    rules[rule] = {
      labelled,
      caught,
      fired: firedOn,
      precision: ratio(caught, firedOn),
      recall: ratio(caught, labelled),
      misses,
      wrong,
    }
  }
  const ordinaryAt = entries.flatMap((e, i) => (e.labels.size === 0 && e.group === undefined ? [i] : []))
  const nudged = ordinaryAt.filter((i) => fired[i].size > 0).map((i) => entries[i])
  const scored = ordinaryAt
    .filter((i) => fired[i].has('contact') || fired[i].has('money'))
    .map((i) => entries[i])

  // A pasted introduction is flagged at its third sending with one key: each group must share one.
  const groups = new Map<number, Array<string | null>>()
  for (const entry of entries)
    if (entry.group !== undefined)
      groups.set(entry.group, [...(groups.get(entry.group) ?? []), openingHash(entry.text)])
  const missed = [...groups].flatMap(([group, keys]) => {
    const counts = new Map<string, number>()
    for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1)
    return Math.max(0, ...counts.values()) >= 3 ? [] : [group]
  })
  // Two different ordinary messages must never pass for one pasted introduction.
  const seen = new Map<string, Entry>()
  const collisions: Array<[Entry, Entry]> = []
  for (const i of ordinaryAt) {
    const key = openingHash(entries[i].text)
    if (!key) continue
    const before = seen.get(key)
    if (before && before.text !== entries[i].text) collisions.push([before, entries[i]])
    else seen.set(key, entries[i])
  }
  return {
    language,
    ...(part ? { part } : {}),
    messages: entries.length,
    rules,
    ordinary: ordinaryAt.length,
    nudged,
    scored,
    pasted: { groups: groups.size, caught: groups.size - missed.length, missed, collisions },
  }
}

/** The goals (issue 60, point 3). */
export const CORPUS_GOALS = {
  /** At most this share of ordinary messages nudged. */
  nudged: 0.02,
  contact: { recall: 0.9, precision: 0.95 },
  money: { recall: 0.9, precision: 0.95 },
  insult: { recall: 0.8, precision: 0 },
} as const

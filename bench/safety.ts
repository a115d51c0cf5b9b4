// npm run bench:safety: every safety rule on the labelled corpus (issue 60, point 3;
// tests/fixtures/safety-corpus), per language and part (the messages the rules were tuned on, those
// held out of the tuning, and both): each rule's precision and recall, the share of ordinary messages
// nudged, the pasted introductions seen as one. Then what the rules cost per message, beside a
// ceiling measured in the same run: the same messages only read (readableText), as every rule does
// first.
import { SUPPORTED_LOCALES } from '../common/constants.ts'
import { readableText } from '../server/lib/safety/readable-text.ts'
import {
  CORPUS_GOALS,
  firing,
  measureCorpus,
  type Part,
  RULES,
  readCorpus,
} from '../tests/support/safety-corpus.ts'

const pct = (x: number) => `${(x * 100).toFixed(1)} %`
const rows: string[][] = [['language', 'part', 'rule', 'messages', 'caught', 'fired', 'recall', 'precision']]
const nudges: string[][] = [
  ['language', 'part', 'ordinary', 'nudged', 'share', 'scored', 'pasted groups seen'],
]
for (const language of SUPPORTED_LOCALES)
  for (const part of ['tuned', 'held-out', undefined] as Array<Part | undefined>) {
    const m = measureCorpus(language, part)
    const name = part ?? 'all'
    for (const rule of RULES) {
      const f = m.rules[rule]
      rows.push([
        language,
        name,
        rule,
        String(f.labelled),
        String(f.caught),
        String(f.fired),
        pct(f.recall),
        pct(f.precision),
      ])
    }
    nudges.push([
      language,
      name,
      String(m.ordinary),
      String(m.nudged.length),
      pct(m.nudged.length / Math.max(1, m.ordinary)),
      String(m.scored.length),
      `${m.pasted.caught} of ${m.pasted.groups}`,
    ])
  }
const table = (t: string[][]) => {
  const widths = t[0].map((_, i) => Math.max(...t.map((r) => r[i].length)))
  for (const r of t) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '))
}
console.log('Safety rules on the labelled corpus')
table(rows)
console.log()
table(nudges)
console.log(
  `\nGoals: ordinary nudged ≤ ${pct(CORPUS_GOALS.nudged)}; contact and money recall ≥ ${pct(CORPUS_GOALS.contact.recall)}, precision ≥ ${pct(CORPUS_GOALS.contact.precision)}; insults recall ≥ ${pct(CORPUS_GOALS.insult.recall)}`,
)

// Cost per message: every rule against reading alone, over the whole corpus, several rounds.
const texts = SUPPORTED_LOCALES.flatMap((language) =>
  readCorpus(language).map((e) => ({ language, text: e.text })),
)
const ROUNDS = 20
const time = (fn: (t: (typeof texts)[number]) => unknown) => {
  const started = performance.now()
  for (let round = 0; round < ROUNDS; round++) for (const t of texts) fn(t)
  return ((performance.now() - started) * 1000) / (ROUNDS * texts.length)
}
time((t) => firing(t.text, t.language)) // warm up
const rules = time((t) => firing(t.text, t.language))
const ceiling = time((t) => readableText(t.text))
console.log(
  `\nPer message (${texts.length} messages × ${ROUNDS}): every rule ${rules.toFixed(1)} µs; reading alone (ceiling) ${ceiling.toFixed(1)} µs; ${(rules / ceiling).toFixed(1)}×`,
)

// Long texts (issue 62's review): shapes on which the patterns once went back over the text from
// every character. Read once through, ten times the text costs about ten times the time.
const SHAPES: Record<string, (n: number) => string> = {
  'one letter': (n) => 'a'.repeat(n),
  'a-a-a': (n) => 'a-'.repeat(n / 2),
  'a.a.a': (n) => 'a.'.repeat(n / 2),
  digits: (n) => '1'.repeat(n),
  'a word, then spaces': (n) => `a at${' '.repeat(n)}`,
}
const once = (fn: () => unknown) => {
  const started = performance.now()
  fn()
  return performance.now() - started
}
console.log('\nLong texts: every rule, ms at 10,000 and 100,000 characters (reading alone, the ceiling)')
for (const [name, make] of Object.entries(SHAPES)) {
  const [short, long] = [10_000, 100_000].map(make)
  const rule = [short, long].map((text) => once(() => firing(text, 'en')))
  const read = [short, long].map((text) => once(() => readableText(text)))
  console.log(
    `${name.padEnd(20)} ${rule[0].toFixed(1)} → ${rule[1].toFixed(1)} ms (${(rule[1] / rule[0]).toFixed(0)}×; reading ${read[0].toFixed(1)} → ${read[1].toFixed(1)} ms)`,
  )
}

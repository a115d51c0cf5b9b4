import { describe, expect, it } from 'vitest'
import { SUPPORTED_LOCALES } from '#common/constants.ts'
import { CORPUS_GOALS, measureCorpus, RULES } from '../../../tests/support/safety-corpus.ts'

// Every safety rule on the labelled corpus (issue 60, point 3; tests/fixtures/safety-corpus): the
// goals hold in each language, or this fails naming the messages that miss. A false positive or a
// miss found later joins the corpus, so it cannot come back.

describe.each(SUPPORTED_LOCALES)('the safety rules on the %s corpus', (language) => {
  const measured = measureCorpus(language)
  const texts = (entries: ReadonlyArray<{ at: string; text: string }>) =>
    entries.map((e) => `${e.at} ${e.text}`)

  it('holds 500 messages or more, each rule with its messages', () => {
    expect(measured.messages).toBeGreaterThanOrEqual(500)
    for (const rule of RULES) expect(measured.rules[rule].labelled, rule).toBeGreaterThanOrEqual(50)
    expect(measured.ordinary).toBeGreaterThanOrEqual(250)
  })

  it('nudges at most 2 % of ordinary messages, and adds to no scam score for any', () => {
    expect(measured.nudged.length / measured.ordinary, texts(measured.nudged).join('\n')).toBeLessThanOrEqual(
      CORPUS_GOALS.nudged,
    )
    expect(texts(measured.scored)).toEqual([])
  })

  it.each(RULES)('%s: caught and precise as the goals say', (rule) => {
    const figures = measured.rules[rule]
    expect(figures.recall, texts(figures.misses).join('\n')).toBeGreaterThanOrEqual(CORPUS_GOALS[rule].recall)
    expect(figures.precision, texts(figures.wrong).join('\n')).toBeGreaterThanOrEqual(
      CORPUS_GOALS[rule].precision,
    )
  })

  it('sees each pasted introduction as one, whatever name it greets, and no two ordinary messages as one', () => {
    expect(measured.pasted.groups).toBeGreaterThanOrEqual(8)
    expect(measured.pasted.missed).toEqual([])
    expect(measured.pasted.collisions).toEqual([])
  })
})

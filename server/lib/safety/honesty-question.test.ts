import { describe, expect, it } from 'vitest'
import { ASKING, ORDINARY } from './honesty-corpus.ts'
import { HELD_OUT_ASKING, HELD_OUT_ORDINARY } from './honesty-held-out.ts'
import { asksIfReal } from './honesty-question.ts'

// Issue 54, point 8 (ADR 32): the honesty rule, measured on at least 100 phrasings that ask and 100
// ordinary messages, in English and French.

describe('a member asking whether a profile is real (ADR 32)', () => {
  const missed = ASKING.filter((m) => !asksIfReal(m))
  const wrong = ORDINARY.filter((m) => asksIfReal(m))
  const found = ASKING.length - missed.length
  const precision = found / (found + wrong.length)
  const recall = found / ASKING.length

  it('is measured on enough phrasings, in both languages', () => {
    expect(ASKING.length).toBeGreaterThanOrEqual(100)
    expect(ORDINARY.length).toBeGreaterThanOrEqual(100)
    console.log(
      `honesty rule: ${ASKING.length} asking, ${ORDINARY.length} ordinary; precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}; missed ${JSON.stringify(missed)}; wrongly found ${JSON.stringify(wrong)}`,
    )
  })

  it('finds nearly every question and mistakes almost no ordinary message for one', () => {
    expect(recall).toBeGreaterThanOrEqual(0.95)
    expect(precision).toBeGreaterThanOrEqual(0.98)
  })

  it('does nearly as well on held-out phrasings it was not made from', () => {
    const heldFound = HELD_OUT_ASKING.filter((m) => asksIfReal(m)).length
    const heldWrong = HELD_OUT_ORDINARY.filter((m) => asksIfReal(m))
    const heldPrecision = heldFound / (heldFound + heldWrong.length)
    const heldRecall = heldFound / HELD_OUT_ASKING.length
    console.log(
      `honesty rule, held out: ${HELD_OUT_ASKING.length} asking, ${HELD_OUT_ORDINARY.length} ordinary; precision ${heldPrecision.toFixed(3)}, recall ${heldRecall.toFixed(3)}; missed ${JSON.stringify(HELD_OUT_ASKING.filter((m) => !asksIfReal(m)))}; wrongly found ${JSON.stringify(heldWrong)}`,
    )
    expect(heldRecall).toBeGreaterThanOrEqual(0.7)
    expect(heldPrecision).toBeGreaterThanOrEqual(0.9)
  })

  it('reads a question inside a longer message, in any case and with or without accents', () => {
    expect(asksIfReal('Hi Maaike, I like your photos. But tell me honestly: ARE YOU REAL?')).toBe(true)
    expect(asksIfReal('Coucou ! Dis-moi, tu es une vraie personne ou pas ?')).toBe(true)
    expect(asksIfReal('coucou dis moi tu es une vraie personne ou pas')).toBe(true)
    expect(asksIfReal('Coucou ! Tu as passé une bonne journée ?')).toBe(false)
  })
})

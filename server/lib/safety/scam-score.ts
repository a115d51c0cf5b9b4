import type { MessageFlag } from '#common/safety.ts'

/**
 * A sender's scam score (ADR 29): what the scam signs of their first messages over the last week
 * weigh. A request for money weighs most, an introduction pasted to many members next, contact
 * details least (members swap numbers in good faith too).
 */
const SCAM_WEIGHTS = { money: 3, pasted: 2, contact: 1 } as const satisfies Partial<
  Record<MessageFlag, number>
>
/** At this score a member's new conversations wait for a moderator. */
export const SCAM_HOLD_SCORE = 6
/** How far back the score looks. */
export const SCAM_SCORE_DAYS = 7

type ScamReasons = Record<keyof typeof SCAM_WEIGHTS, number>

/** The score of a sender's flagged messages, and how many messages carried each sign. */
export function scamScore(flagged: ReadonlyArray<{ flags: readonly string[] }>) {
  const reasons: ScamReasons = { money: 0, pasted: 0, contact: 0 }
  for (const message of flagged)
    for (const sign of Object.keys(SCAM_WEIGHTS) as Array<keyof ScamReasons>)
      if (message.flags.includes(sign)) reasons[sign]++
  const score = (Object.keys(SCAM_WEIGHTS) as Array<keyof ScamReasons>).reduce(
    (sum, sign) => sum + reasons[sign] * SCAM_WEIGHTS[sign],
    0,
  )
  return { score, reasons }
}

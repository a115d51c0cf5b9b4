import type { Locale } from '#common/constants.ts'
import { type MessageFlag, SAFETY_EVENTS, type SafetyEvent } from '#common/safety.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { ExplicitClassifier } from '#server/lib/explicit/explicit-classifier.ts'
import { findScamSigns } from '#server/lib/safety/scam-signs.ts'
import { findUnkindWords } from '#server/lib/safety/unkind-words.ts'
import { addSafetyCount, selectSafetyCounts } from './safety.queries.ts'

export type SafetyService = ReturnType<typeof createSafetyService>

/**
 * Safe conversations (issue 38, ADR 29): the rules in one place. How explicit a photo is (the model,
 * in its thread), whether a text is unkind (the sender's language's list), which scam signs a text
 * carries, and the counts of what members did with them, per day and site.
 */
export function createSafetyService(
  db: Db,
  deps: { now: Clock; explicit: ExplicitClassifier; onError?: (error: unknown) => void },
) {
  const today = () => deps.now().toISOString().slice(0, 10)
  return {
    /** How explicit a photo is, 0–1 (a site's threshold decides what is blurred or held). */
    photoScore: (image: Uint8Array) => deps.explicit.score(image),

    /** The insults a text holds in its sender's language (none: it goes without a question). */
    unkindWords: (text: string, language: Locale) => findUnkindWords(text, language),

    /** The scam flags a text would carry as one of a conversation's first messages. */
    scamFlags(text: string): MessageFlag[] {
      const signs = findScamSigns(text)
      const flags: MessageFlag[] = []
      if (signs.contact) flags.push('contact')
      if (signs.money) flags.push('money')
      return flags
    },

    /** Counts one event on a site today; a count that fails is logged, never fails what it counts. */
    async count(siteId: number, event: SafetyEvent): Promise<void> {
      await addSafetyCount(db, { day: today(), siteId, event, count: 1 }).catch((error: unknown) =>
        deps.onError?.(error),
      )
    },

    /** Every event's count over days (YYYY-MM-DD, inclusive), zero when none happened. */
    async counts(range: { from: string; to: string; siteId?: number }): Promise<Record<SafetyEvent, number>> {
      const rows = await selectSafetyCounts(db, range)
      const counted = new Map(rows.map((r) => [r.event, r.count]))
      return Object.fromEntries(SAFETY_EVENTS.map((e) => [e, counted.get(e) ?? 0])) as Record<
        SafetyEvent,
        number
      >
    },
  }
}

import type { Locale } from '#common/constants.ts'
import { SIGNAL_KINDS, type SignalKind } from '#common/moderation.ts'
import { type MessageFlag, SAFETY_EVENTS, SAFETY_RULES, type SafetyEvent } from '#common/safety.ts'
import type { SafetyStatsQuery, SafetyStatsResponse } from '#common/schemas/safety.ts'
import type { Db } from '#server/db/client.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'
import type { ExplicitClassifier } from '#server/lib/explicit/explicit-classifier.ts'
import { SCAM_HOLD_SCORE, SCAM_SCORE_DAYS, scamScore } from '#server/lib/safety/scam-score.ts'
import { findScamSigns } from '#server/lib/safety/scam-signs.ts'
import { findUnkindWords } from '#server/lib/safety/unkind-words.ts'
import {
  addSafetyCount,
  holdOpenings,
  selectFlaggedMessages,
  selectOpeningsHeld,
  selectRuleDecisions,
  selectSafetyCounts,
} from './safety.queries.ts'

export type SafetyService = ReturnType<typeof createSafetyService>

/**
 * Safe conversations (issue 38, ADR 29): the rules in one place. How explicit a photo is (the model,
 * in its thread), whether a text is unkind (the sender's language's list), which scam signs a text
 * carries, and the counts of what members did with them, per day and site.
 */
export function createSafetyService(
  db: Db,
  deps: {
    now: Clock
    explicit: ExplicitClassifier
    /** The moderators' signals (the moderation module's): a scam score past the threshold. */
    signals: {
      record(signal: { userId: number; kind: SignalKind; detail: Record<string, unknown> }): Promise<unknown>
    }
    onError?: (error: unknown) => void
  },
) {
  const today = () => deps.now().toISOString().slice(0, 10)

  /** Every event's count over days (YYYY-MM-DD, inclusive), zero when none happened. */
  async function counts(range: {
    from: string
    to: string
    siteId?: number
  }): Promise<Record<SafetyEvent, number>> {
    const rows = await selectSafetyCounts(db, range)
    const counted = new Map(rows.map((r) => [r.event, r.count]))
    return Object.fromEntries(SAFETY_EVENTS.map((e) => [e, counted.get(e) ?? 0])) as Record<
      SafetyEvent,
      number
    >
  }

  /**
   * GET /api/admin/safety-stats.php: the counts over days, and each rule's precision on the
   * moderators' decisions in those days (every rule listed, with nothing decided as null).
   */
  async function stats(query: SafetyStatsQuery): Promise<SafetyStatsResponse> {
    const range = { from: query.from, to: query.to, siteId: query.site }
    const [counted, decided] = await Promise.all([
      counts(range),
      selectRuleDecisions(db, {
        from: new Date(`${query.from}T00:00:00Z`),
        until: shifted(new Date(`${query.to}T00:00:00Z`), DAY_MS),
        siteId: query.site,
      }),
    ])
    const byRule = new Map(decided.map((d) => [d.rule, d]))
    return {
      counts: counted,
      rules: [...SAFETY_RULES, ...SIGNAL_KINDS].map((rule) => {
        const found = byRule.get(rule) ?? { decided: 0, agreed: 0 }
        return {
          rule,
          decided: found.decided,
          agreed: found.agreed,
          precision: found.decided === 0 ? null : found.agreed / found.decided,
        }
      }),
    }
  }

  /** A sender's scam score over the last week, its reasons and the messages behind it. */
  async function senderScore(userId: number) {
    const since = shifted(deps.now(), -SCAM_SCORE_DAYS * DAY_MS)
    const flagged = await selectFlaggedMessages(db, userId, since)
    return { ...scamScore(flagged), flagged }
  }

  return {
    senderScore,
    counts,

    /**
     * After a message with scam signs: the sender's score again; at the threshold their new
     * conversations wait for a moderator, who gets a signal quoting the messages (ADR 29).
     */
    async scoreSender(userId: number): Promise<void> {
      const { score, reasons, flagged } = await senderScore(userId)
      if (score < SCAM_HOLD_SCORE) return
      if (!(await holdOpenings(db, userId, deps.now()))) return
      await deps.signals.record({
        userId,
        kind: 'scam_score',
        detail: {
          score,
          reasons,
          messages: flagged.slice(0, 5).map((m) => ({
            conversation: m.conversationId,
            excerpt: m.body.slice(0, 200),
            flags: m.flags,
          })),
        },
      })
    },

    /** Since when a member's new conversations wait for a moderator (the console's member file). */
    openingsHeld: (userId: number) => selectOpeningsHeld(db, userId),

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

    stats,

    /** The figures of the last 30 days, today included (the console's signals page). */
    recentStats() {
      const to = deps.now().toISOString().slice(0, 10)
      const from = shifted(deps.now(), -29 * DAY_MS)
        .toISOString()
        .slice(0, 10)
      return stats({ from, to })
    },
  }
}

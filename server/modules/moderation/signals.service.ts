import type { SignalKind } from '#common/moderation.ts'
import type { SignalItem } from '#common/schemas/moderation.ts'
import type { Db, Executor } from '#server/db/client.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { findContactDetails, openingHash } from '#server/lib/safety/contact-details.ts'
import { findMoneyRequest } from '#server/lib/safety/scam-signs.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import type { SitesService } from '#server/modules/sites/sites.service.ts'
import {
  countSignalQueue,
  forgetOpenings,
  insertSignal,
  insertSignalCase,
  lockOpenBurstSignals,
  lockSignal,
  type MemberSignal,
  markSignalReviewed,
  recordOpening,
  releaseOpenings,
  selectMemberOfCase,
  selectSignal,
  selectSignalQueue,
} from './signals.queries.ts'

/** The same opening sent in this many conversations within a day is a signal. */
const REPEATED_OPENINGS = 5
/** How long openings are kept for that comparison. */
const OPENINGS_KEPT_DAYS = 3

export type SignalsService = ReturnType<typeof createSignalsService>

/**
 * Signals (ADR 16): what puts a member in front of a moderator without a report. Many sign-ups
 * from one address (flagged at sign-up), the same first message in many conversations, contact
 * details in a first message. A moderator dismisses a signal or opens a case in the report queue.
 */
export function createSignalsService(db: Db, deps: { now: Clock; sites: SitesService }) {
  /** One signal leaves the queue as a false alarm. */
  async function release(tx: Executor, signal: MemberSignal, actor: Actor, at: Date) {
    await markSignalReviewed(tx, signal.id, actor.staffId, at)
    // A scam score held the member's new conversations until a moderator looked (ADR 29): a
    // false alarm lets them start conversations again; a case keeps them held until decided.
    await releaseOpenings(tx, signal.userId)
  }

  /**
   * Every open signal of many sign-ups from this signal's address leaves the queue (a shared
   * network, say: one decision, not one per account), as one audit entry that names them all.
   * They are locked by id, whoever asks.
   */
  async function dismissAddress(id: number, actor: Actor, at: Date) {
    const signal = await selectSignal(db, id)
    if (!signal) throw new AppError('moderation.signal_not_found', 404)
    const ip = (signal.detail as { ip?: unknown }).ip
    if (signal.kind !== 'signup_burst' || typeof ip !== 'string')
      throw new AppError('moderation.signal_not_grouped', 400)
    return db.transaction(async (tx) => {
      const open = await lockOpenBurstSignals(tx, ip)
      if (!open.some((o) => o.signal.id === id)) throw new AppError('moderation.already_reviewed', 409)
      for (const o of open) await release(tx, o.signal, actor, at)
      await recordAudit(tx, actor, at, {
        action: 'signal.dismiss_address',
        target: { type: 'address', id: ip },
        before: {
          kind: signal.kind,
          signals: open.map((o) => o.signal.id),
          members: open.map((o) => o.signal.userId),
        },
        after: { dismissed: open.length },
      })
      return { report: null, dismissed: open.length }
    })
  }

  return {
    /** Reads a member's first message in a conversation (after its commit, off the send's path). */
    async opening(opening: { senderUserId: number; conversation: number; text: string }) {
      const at = deps.now()
      const textHash = openingHash(opening.text)
      const excerpt = opening.text.slice(0, 200)
      if (textHash) {
        const conversations = await recordOpening(
          db,
          {
            senderUserId: opening.senderUserId,
            textHash,
            conversationId: opening.conversation,
            createdAt: at,
          },
          shifted(at, -DAY_MS),
        )
        if (conversations >= REPEATED_OPENINGS)
          await insertSignal(db, {
            userId: opening.senderUserId,
            kind: 'repeated_first_message' satisfies SignalKind,
            detail: { excerpt, conversations },
            createdAt: at,
          })
      }
      const found = {
        contact_in_first_message: findContactDetails(opening.text),
        money_in_first_message: findMoneyRequest(opening.text),
      } satisfies Partial<Record<SignalKind, string | null>>
      for (const [kind, what] of Object.entries(found))
        if (what)
          await insertSignal(db, {
            userId: opening.senderUserId,
            kind,
            detail: { excerpt, found: what, conversation: opening.conversation },
            createdAt: at,
          })
    },

    /** A signal another module found, for the moderators. */
    async record(signal: { userId: number; kind: SignalKind; detail: Record<string, unknown> }) {
      await insertSignal(db, { ...signal, createdAt: deps.now() })
    },

    /**
     * What another module found that is a case at once (issue 60: a verified face on a second live
     * account): opened in the report queue, the signal's words and links in its context, so the
     * moderator has both members' files from it.
     */
    async openCase(signal: { userId: number; kind: SignalKind; detail: Record<string, unknown> }) {
      const at = deps.now()
      const member = await selectMemberOfCase(db, signal.userId)
      if (!member) return
      const site = deps.sites.byId(member.siteId)
      await insertSignalCase(db, {
        siteId: site.id,
        profileId: member.profileId,
        supportEmail: site.settings.support_email,
        context: { source: 'signal', kind: signal.kind, detail: signal.detail },
        at,
      })
    },

    /** The open signals, oldest first. */
    async queue(): Promise<{ signals: SignalItem[]; waiting: number }> {
      const [rows, waiting] = await Promise.all([selectSignalQueue(db), countSignalQueue(db)])
      return {
        waiting,
        signals: rows.map((r) => ({
          id: r.id,
          kind: r.kind as SignalKind,
          detail: r.detail as Record<string, unknown>,
          created_at: r.createdAt.toISOString(),
          member: {
            user_id: r.userId,
            profile_id: r.profileId,
            name: r.name,
            account_status: r.accountStatus,
          },
        })),
      }
    },

    /**
     * Dismisses a signal, or opens a case for it in the report queue; or dismisses every open
     * signal of many sign-ups from the signal's address (one audit entry each). Audited.
     */
    async review(
      input: { signal: number; action: 'dismiss' | 'open_case' | 'dismiss_address' },
      actor: Actor,
    ): Promise<{ report: number | null; dismissed: number }> {
      const at = deps.now()
      if (input.action === 'dismiss_address') return dismissAddress(input.signal, actor, at)
      return db.transaction(async (tx) => {
        const found = await lockSignal(tx, input.signal)
        if (!found) throw new AppError('moderation.signal_not_found', 404)
        if (found.signal.reviewedAt) throw new AppError('moderation.already_reviewed', 409)
        if (input.action === 'dismiss') {
          await release(tx, found.signal, actor, at)
          await recordAudit(tx, actor, at, {
            action: 'signal.dismiss',
            target: { type: 'member', id: found.signal.userId },
            before: { signal: found.signal.id, kind: found.signal.kind },
            after: null,
          })
          return { report: null, dismissed: 1 }
        }
        await markSignalReviewed(tx, found.signal.id, actor.staffId, at)
        const site = deps.sites.byId(found.siteId)
        const report = await insertSignalCase(tx, {
          siteId: site.id,
          profileId: found.profileId,
          supportEmail: site.settings.support_email,
          context: {
            source: 'signal',
            kind: found.signal.kind as SignalKind,
            detail: found.signal.detail as Record<string, unknown>,
          },
          at,
        })
        await recordAudit(tx, actor, at, {
          action: 'signal.open_case',
          target: { type: 'member', id: found.signal.userId },
          before: { signal: found.signal.id, kind: found.signal.kind },
          after: { report },
        })
        return { report, dismissed: 0 }
      })
    },

    /** Forgets openings older than the comparison needs (a scheduled job). */
    forgetOpenings: () => forgetOpenings(db, shifted(deps.now(), -OPENINGS_KEPT_DAYS * DAY_MS)),
  }
}

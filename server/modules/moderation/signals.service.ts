import type { SignalKind } from '#common/moderation.ts'
import type { SignalItem } from '#common/schemas/moderation.ts'
import type { Db } from '#server/db/client.ts'
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
  lockSignal,
  markSignalReviewed,
  recordOpening,
  releaseOpenings,
  selectMemberOfCase,
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

    /** Dismisses a signal, or opens a case for it in the report queue; audited. */
    async review(input: { signal: number; action: 'dismiss' | 'open_case' }, actor: Actor) {
      const at = deps.now()
      return db.transaction(async (tx) => {
        const found = await lockSignal(tx, input.signal)
        if (!found) throw new AppError('moderation.signal_not_found', 404)
        if (found.signal.reviewedAt) throw new AppError('moderation.already_reviewed', 409)
        await markSignalReviewed(tx, found.signal.id, actor.staffId, at)
        // A scam score held the member's new conversations until a moderator looked (ADR 29): a
        // false alarm lets them start conversations again; a case keeps them held until decided.
        if (input.action === 'dismiss') await releaseOpenings(tx, found.signal.userId)
        const site = deps.sites.byId(found.siteId)
        const report =
          input.action === 'open_case'
            ? await insertSignalCase(tx, {
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
            : null
        await recordAudit(tx, actor, at, {
          action: input.action === 'dismiss' ? 'signal.dismiss' : 'signal.open_case',
          target: { type: 'member', id: found.signal.userId },
          before: { signal: found.signal.id, kind: found.signal.kind },
          after: report ? { report } : null,
        })
        return { report }
      })
    },

    /** Forgets openings older than the comparison needs (a scheduled job). */
    forgetOpenings: () => forgetOpenings(db, shifted(deps.now(), -OPENINGS_KEPT_DAYS * DAY_MS)),
  }
}

import { api } from '#common/api.ts'
import { staffWords } from '#common/message-kinds.ts'
import { ageOn } from '#common/schemas/accounts.ts'
import { MessageKind } from '#common/schemas/message.ts'
import type { InboxConversation, InboxItem } from '#common/schemas/operators.ts'
import type { Db } from '#server/db/client.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { type EventBus, OPERATOR_SOCKETS } from '#server/lib/events.ts'
import type { MediaFile, MediaStore } from '#server/lib/media-store.ts'
import { mediaUrl } from '#server/lib/media-url.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import type { ChatService } from '#server/modules/chat/chat.service.ts'
import type { Site, SitesService } from '#server/modules/sites/sites.service.ts'
import { withDisclosure } from './disclosure.ts'
import {
  claim,
  insertAnswer,
  insertNote,
  releaseOtherClaims,
  selectActivePhotos,
  selectClaim,
  selectConversationMessages,
  selectInbox,
  selectMemberLanguage,
  selectNotes,
  selectOperatorFigures,
  selectPublicProfile,
  selectSiteWait,
  selectVoiceFile,
} from './inbox.queries.ts'

/** How long an operator holds a conversation before it returns to the queue. */
const CLAIM_MINUTES = 5
/** How much of the conversation the operator reads. */
const HISTORY = 200

export type InboxService = ReturnType<typeof createInboxService>

/**
 * The operators' inbox (ADR 17): members waiting for a fictional profile's answer, longest first.
 * An operator claims one conversation at a time (a lock that runs out after 5 minutes), reads the
 * member's public profile, the conversation and the shared notes, and answers as the fictional
 * profile: free for everyone, delivered like any message. Operators never see an address, a payment
 * or a ledger.
 */
export function createInboxService(
  db: Db,
  deps: {
    now: Clock
    sites: SitesService
    chat: ChatService
    events: EventBus
    /** Where chat files are kept: the operator plays the voice notes of the conversation they hold. */
    media: Pick<MediaStore, 'get'>
  },
) {
  const siteOf = deps.sites.byId
  const thumb = (site: Site, file: string | null) => (file ? mediaUrl(site.settings.cdn_prefix, file) : null)
  const changed = (conversation: number) =>
    deps.events.emit({ type: 'inbox.changed', userId: OPERATOR_SOCKETS, conversation })

  /** The site's sentence on fictional profiles in the member's language (ADR 32). */
  async function disclosureFor(held: { siteId: number; memberUserId: number }) {
    const warning = siteOf(held.siteId).settings.fictional_warning
    const language = await selectMemberLanguage(db, held.memberUserId)
    return language === 'fr' ? warning.fr : warning.en
  }

  async function heldClaim(staffId: number, conversation: number) {
    const held = await selectClaim(db, staffId, conversation, deps.now())
    if (!held) throw new AppError('inbox.not_claimed', 409)
    return held
  }

  return {
    /** The queue, per-site waits and the operator's own figures. */
    async queue(staffId: number) {
      const at = deps.now()
      const [rows, sites, figures] = await Promise.all([
        selectInbox(db),
        Promise.all(
          deps.sites
            .list()
            .map(async (site) => ({ site: site.settings.name, ...(await selectSiteWait(db, site.id)) })),
        ),
        selectOperatorFigures(db, staffId, shifted(at, -3_600_000), shifted(at, -DAY_MS)),
      ])
      const conversations = rows.map((r): InboxItem => {
        const site = siteOf(r.siteId)
        const live = r.claimedBy !== null && r.claimExpiresAt !== null && r.claimExpiresAt > at
        return {
          conversation: r.conversation,
          site: site.settings.name,
          waiting_since: r.waitingSince.toISOString(),
          claimed: live && r.claimedBy !== staffId,
          claimed_by_me: live && r.claimedBy === staffId,
          member: {
            profile_id: r.member.id,
            name: r.member.name,
            age: ageOn(r.member.birthDate, at),
            country: r.member.country,
            thumb_url: r.memberPhotoStatus === 'active' ? thumb(site, r.memberThumb) : null,
          },
          fictional: {
            profile_id: r.fictional.id,
            name: r.fictional.name,
            age: ageOn(r.fictional.birthDate, at),
            country: r.fictional.country,
            thumb_url: thumb(site, r.fictionalThumb),
          },
          last_text: staffWords(r.last?.kind ?? 'text', r.last?.body ?? null, r.last?.payload ?? null).slice(
            0,
            200,
          ),
          last_kind: MessageKind.catch('text').parse(r.last?.kind),
          last_seconds: (r.last?.payload && 'seconds' in r.last.payload && r.last.payload.seconds) || null,
          asked_real: r.askedRealAt !== null,
        }
      })
      return {
        conversations,
        waiting: sites.reduce((n, s) => n + s.waiting, 0),
        sites: sites.map((s) => ({
          site: s.site,
          waiting: s.waiting,
          oldest: s.oldest?.toISOString() ?? null,
        })),
        me: { answers_last_hour: figures.answers, median_wait_seconds: figures.median },
      }
    },

    /** Claims a conversation (or the one waiting longest) and gives back the operator's others. */
    async claim(staffId: number, conversation?: number) {
      const at = deps.now()
      const until = shifted(at, CLAIM_MINUTES * 60_000)
      const claimed = await db.transaction(async (tx) => {
        const got = await claim(tx, staffId, conversation, at, until)
        if (got !== null) await releaseOtherClaims(tx, staffId, got)
        return got
      })
      if (claimed === null)
        throw new AppError(conversation ? 'inbox.claimed' : 'inbox.empty', conversation ? 409 : 404)
      changed(claimed)
      return { conversation: claimed, expires_at: until.toISOString() }
    },

    /** Gives a claimed conversation back to the queue. */
    async release(staffId: number, conversation: number) {
      await heldClaim(staffId, conversation)
      await releaseOtherClaims(db, staffId, null)
      changed(conversation)
    },

    /** What the operator reads before answering: both profiles, the conversation, the notes. */
    async conversation(staffId: number, conversation: number): Promise<{ conversation: InboxConversation }> {
      const held = await heldClaim(staffId, conversation)
      const site = siteOf(held.siteId)
      const at = deps.now()
      const [member, fictional, history, notes] = await Promise.all([
        selectPublicProfile(db, held.memberUserId),
        selectPublicProfile(db, held.fictionalUserId),
        selectConversationMessages(db, conversation, HISTORY),
        selectNotes(db, held.memberUserId),
      ])
      if (!member || !fictional) throw new AppError('inbox.not_claimed', 409)
      const photos = await selectActivePhotos(db, member.id)
      const mainThumb = async (profileId: number) =>
        (await selectActivePhotos(db, profileId))[0]?.thumb ?? null
      return {
        conversation: {
          conversation,
          expires_at: held.claimExpiresAt?.toISOString() ?? at.toISOString(),
          disclosure: held.askedRealAt ? await disclosureFor(held) : null,
          member: {
            profile_id: member.id,
            name: member.name,
            age: ageOn(member.birthDate, at),
            country: member.country,
            city: member.city,
            about: member.about,
            thumb_url: thumb(site, photos[0]?.thumb ?? null),
            photos: photos.map((p) => mediaUrl(site.settings.cdn_prefix, p.thumb)),
          },
          fictional: {
            profile_id: fictional.id,
            name: fictional.name,
            age: ageOn(fictional.birthDate, at),
            country: fictional.country,
            about: fictional.about,
            thumb_url: thumb(site, await mainThumb(fictional.id)),
          },
          messages: history.reverse().map((m) => ({
            id: m.id,
            from: m.sender === held.memberUserId ? ('member' as const) : ('fictional' as const),
            kind: m.kind,
            text: staffWords(m.kind, m.body, m.payload),
            at: m.createdAt.toISOString(),
            voice:
              m.kind === 'voice' && m.payload && 'seconds' in m.payload && m.payload.seconds !== undefined
                ? {
                    url: `${api.inboxVoice.path}?conversation=${conversation}&message=${m.id}`,
                    seconds: m.payload.seconds,
                  }
                : null,
          })),
          notes: notes.map((n) => ({ id: n.id, text: n.text, by: n.by, at: n.at.toISOString() })),
        },
      }
    },

    /**
     * GET /api/admin/inbox-voice.php: a voice note of the conversation the operator holds (issue 58,
     * point 5: operators play the member's, and send none); null for any other message.
     */
    async voice(staffId: number, conversation: number, messageId: number): Promise<MediaFile | null> {
      await heldClaim(staffId, conversation)
      const file = await selectVoiceFile(db, conversation, messageId)
      return file ? deps.media.get(file) : null
    },

    /**
     * Answers as the fictional profile: the message, the operator's figures and the audit row in one
     * transaction; then the member gets it like any message and the queue forgets the conversation.
     */
    async answer(input: { conversation: number; text: string; client_id: string }, actor: Actor) {
      if (actor.staffId === null) throw new AppError('staff.required', 401)
      const staffId = actor.staffId
      const held = await heldClaim(staffId, input.conversation)
      const site = siteOf(held.siteId)
      // Asked whether the profile is real (ADR 32): no answer leaves without the site's disclosure.
      const disclosure = held.askedRealAt ? await disclosureFor(held) : null
      const answer = disclosure ? withDisclosure(input.text, disclosure) : { text: input.text, added: false }
      const sent = await deps.chat.answerAs(
        held.fictionalUserId,
        { conversation: input.conversation, client_id: input.client_id, text: answer.text },
        { costs: site.settings },
        async (tx, message) => {
          const waited = Math.max(
            0,
            Math.round((message.createdAt.getTime() - held.waitingSince.getTime()) / 1000),
          )
          await insertAnswer(tx, {
            staffId,
            siteId: held.siteId,
            conversationId: input.conversation,
            waitedSeconds: waited,
            answeredAt: message.createdAt,
          })
          await recordAudit(tx, actor, deps.now(), {
            action: 'inbox.answer',
            target: { type: 'conversation', id: input.conversation },
            after: {
              message: message.id,
              waited_seconds: waited,
              ...(disclosure ? { asked_real: true, disclosure: answer.added ? 'added' : 'written' } : {}),
            },
          })
        },
      )
      changed(input.conversation)
      return { message: sent.message.id }
    },

    /** A note about the member of a claimed conversation, for every operator. */
    async note(input: { conversation: number; text: string }, actor: Actor) {
      if (actor.staffId === null) throw new AppError('staff.required', 401)
      const held = await heldClaim(actor.staffId, input.conversation)
      const at = deps.now()
      const id = await db.transaction(async (tx) => {
        const noteId = await insertNote(tx, {
          memberUserId: held.memberUserId,
          staffId: actor.staffId as number,
          text: input.text,
          createdAt: at,
        })
        await recordAudit(tx, actor, at, {
          action: 'inbox.note',
          target: { type: 'member', id: held.memberUserId },
          after: { note: noteId },
        })
        return noteId
      })
      return { note: { id, text: input.text, by: actor.email, at: at.toISOString() } }
    },
  }
}

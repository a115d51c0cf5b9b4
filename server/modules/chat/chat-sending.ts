import { answersOnly, type FileKind } from '#common/message-kinds.ts'
import type { MessageFlag, SafetyEvent } from '#common/safety.ts'
import type { SendMessageResponse } from '#common/schemas/chat.ts'
import type { ChatSend, ChatSendResult, SendBy } from '#common/schemas/chat-send.ts'
import { type Db, type Executor, isUniqueViolation } from '#server/db/client.ts'
import { BATCH_LIMITS, createBatcher } from '#server/lib/batches.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/events.ts'
import type { MediaStore } from '#server/lib/media-store.ts'
import { asksIfReal } from '#server/lib/safety/honesty-question.ts'
import type { VoiceProcessor } from '#server/lib/voice/voice-processor.ts'
import type { SafetyService } from '#server/modules/safety/safety.service.ts'
import { markAskedIfReal, selectAnswerTaken, sendMessages } from './chat-send.queries.ts'
import { MESSAGE_FILES } from './message-files.ts'
import {
  type Costs,
  type OpeningMessage,
  type Outgoing,
  REFUSALS,
  type SendSite,
  sendRequest,
} from './send-request.ts'
import { noticedEvents, SENT_NOTICE, type Sent, type SentNotice, sentEvents } from './sent-events.ts'

/** What is written with a message in its transaction: an operator's records, a conversation's close. */
type Within = (tx: Executor, message: { id: number; createdAt: Date }) => Promise<void>

/** The file a rehearsed send names: never stored, the rehearsal is rolled back. */
const REHEARSAL_FILE = { file: 'c/rehearsal', thumb: null }

/**
 * Sending (spec sections 4, 6 and 9): the debit and the message are one transaction in chat_send; a
 * retried send (same client_id) sends and debits nothing twice; events go out after the commit.
 */
export function createChatSending(
  db: Db,
  deps: {
    events: EventBus
    now: Clock
    media: MediaStore
    /** Where the sends' batches run (Database.sends: connections that run nothing else); else db. */
    sendsDb?: Db
    /** Told of every opening text message after its commit (moderation's signals); never awaited. */
    onOpening?: (opening: OpeningMessage) => Promise<unknown>
    onError?: (error: unknown) => void
    safety: Pick<SafetyService, 'photoScore' | 'unkindWords' | 'scamFlags' | 'count' | 'scoreSender'>
    /** Voice notes' decoding (issue 58), in its thread. */
    voice: Pick<VoiceProcessor, 'process'>
  },
) {
  // Sends that arrive while a batch is in the database go together in the next one (group commit).
  const sendBatched = createBatcher((sends: ChatSend[]) => sendMessages(deps.sendsDb ?? db, sends), {
    ...BATCH_LIMITS,
    name: 'messages',
  })
  // What the other nodes get of a new message: chat_send's notice, in its transaction (PostgreSQL
  // without Redis), turned into its events there; null when the bus carries them (Redis).
  const notify = deps.events.noticesOf<SentNotice>(SENT_NOTICE, noticedEvents)

  /** The send chat_send takes, at this node's moment, with its notice to the other nodes. */
  const request = (
    by: SendBy,
    out: Outgoing,
    site: { costs: Costs },
    price?: number,
    flags: MessageFlag[] = [],
  ) => sendRequest(by, out, site, { at: deps.now().toISOString(), notify }, price, flags)

  /**
   * What the safety rules find in the words a member sends (ADR 29), a text's, a gift's message or
   * a photo's caption alike (issue 55, point 2): its scam signs, and an insult, which is refused
   * with a question (`ask`: 409 chat.unkind, counted) unless the member chose to send it anyway.
   * The events to count once it is sent.
   */
  function textSafety(out: Outgoing, site: SendSite) {
    const flags: MessageFlag[] = []
    const events: SafetyEvent[] = []
    if (!out.from || out.text.trim() === '') return { flags, events, ask: false }
    // A text longer than the site allows is refused for its length by the send (chat.too_long)
    // without being read: no work is spent on what will not be sent.
    if (out.text.trim().length > site.costs.message_length) return { flags, events, ask: false }
    flags.push(...deps.safety.scamFlags(out.text))
    if (deps.safety.unkindWords(out.text, out.from.language).length > 0) {
      if (out.from.nudge !== 'send_anyway') return { flags, events, ask: true }
      flags.push('unkind')
      events.push('unkind_sent')
    } else if (out.from.nudge === 'edited') events.push('unkind_edited')
    return { flags, events, ask: false }
  }

  /** A send's message, or its refusal as an error. */
  function sent(outcome: ChatSendResult): Sent {
    if ('unchecked' in outcome) throw new Error('chat_send answered a send by its sender as unchecked')
    if ('error' in outcome) {
      const values = {
        ...(outcome.name === undefined ? {} : { name: outcome.name }),
        ...(outcome.count === undefined ? {} : { count: outcome.count }),
        ...(outcome.verified === undefined ? {} : { verified: outcome.verified }),
      }
      throw new AppError(outcome.error, REFUSALS[outcome.error], values)
    }
    return outcome
  }

  /**
   * After the commit: its events to this node's sockets (the other nodes had chat_send's notice,
   * or get them from the bus), and the opening read.
   */
  function deliver(outcome: Sent, req: ChatSend) {
    const { message } = outcome
    const emit = req.notify ? deps.events.emitHere : deps.events.emit
    for (const event of sentEvents(outcome, req.tab ?? undefined)) emit(event)
    if (outcome.fresh?.opening && req.text !== '' && deps.onOpening) {
      deps
        .onOpening({
          senderUserId: outcome.sender_user_id,
          partnerUserId: outcome.fresh.partner_user_id,
          conversation: message.conversation,
          text: req.text,
        })
        .catch((error: unknown) => deps.onError?.(error))
    }
    return { message, conversation: message.conversation, credits: outcome.credits }
  }

  /**
   * Runs a send through chat_send and rolls it back: its refusal, if any, by the very rules of a
   * real send (recipient, blocks, credits), and nothing kept.
   */
  async function rehearse(req: ChatSend): Promise<Sent | undefined> {
    const rolledBack = new Error('rehearsal')
    let outcome: ChatSendResult | undefined
    await db
      .transaction(async (tx) => {
        ;[outcome] = await sendMessages(tx, [req])
        throw rolledBack
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) refusal(error)
      })
    return outcome && sent(outcome)
  }

  /** A send and what goes with it in its transaction (`within`, for a new message only), then delivered. */
  async function sendWithin(req: ChatSend, within: Within) {
    const outcome = await db
      .transaction(async (tx) => {
        const [result] = await sendMessages(tx, [req])
        const ok = sent(result)
        if (ok.fresh) await within(tx, { id: ok.message.id, createdAt: new Date(ok.message.created_at) })
        return ok
      })
      .catch(refusal)
    return deliver(outcome, req)
  }

  /** A database error of a send that is the member's to hear of; any other is thrown as it is. */
  function refusal(error: unknown): never {
    // The ledger keys a debit by the client_id: one already written for a message since removed.
    if (isUniqueViolation(error, 'credit_ledger_once')) throw new AppError('credits.already_applied', 409)
    throw error
  }

  /** A member's send, with what the safety rules found in its file (if any): its outcome and answer. */
  async function post(
    senderUserId: number,
    out: Outgoing,
    site: SendSite,
    found: { flags: MessageFlag[]; events: SafetyEvent[] } = { flags: [], events: [] },
  ): Promise<{ outcome: Sent; response: SendMessageResponse }> {
    const text = textSafety(out, site)
    if (text.ask) {
      await deps.safety.count(site.id, 'unkind_asked')
      throw new AppError('chat.unkind', 409)
    }
    const req = request({ sender: senderUserId }, out, site, undefined, [...found.flags, ...text.flags])
    const outcome = sent(await sendBatched(req).catch(refusal))
    return { outcome, response: await settle(outcome, req, site, [...found.events, ...text.events]) }
  }

  /** After a send: its safety events counted and its sender scored (a new message only), then delivered. */
  async function settle(outcome: Sent, req: ChatSend, site: SendSite, events: SafetyEvent[]) {
    const senderUserId = outcome.sender_user_id
    // Counted once, for the send that made the message (a retry answers it again).
    if (outcome.fresh) {
      for (const event of events) await deps.safety.count(site.id, event)
      // Scam signs kept (a conversation's first messages): the sender's score, off the send's path.
      if (outcome.message.flags.some((f) => f === 'contact' || f === 'money' || f === 'pasted'))
        deps.safety.scoreSender(senderUserId).catch((error: unknown) => deps.onError?.(error))
      // Asked whether the profile is real: the operators' inbox says so (ADR 32).
      if (req.text !== '' && asksIfReal(req.text))
        await markAskedIfReal(
          db,
          outcome.message.conversation,
          senderUserId,
          new Date(outcome.message.created_at),
        )
    }
    return deliver(outcome, req)
  }

  return {
    /** A member's send of a text or a gift. */
    send: async (senderUserId: number, out: Outgoing, site: SendSite) =>
      (await post(senderUserId, out, site)).response,

    /**
     * A member's text or gift sent on their session's word alone (issue 40, ADR 31): chat_send
     * checks the session (its token's hash) in the send's own round trip, by the session plugin's
     * rule, on the site the send is made on. Null when the send must go the ordinary way, nothing
     * written and nothing counted: the session does not hold as chat_send reads it (unknown, ended,
     * banned, another site's member), or the send is refused before the database (its text, its
     * gift, an insult asked about), which only a member whose session holds may hear of.
     */
    async sendOnSession(
      tokenHash: string,
      out: Outgoing,
      site: SendSite,
    ): Promise<SendMessageResponse | null> {
      const text = textSafety(out, site)
      if (text.ask) return null
      let req: ChatSend
      try {
        req = request({ session: tokenHash, site: site.id }, out, site, undefined, text.flags)
      } catch (error) {
        if (error instanceof AppError) return null
        throw error
      }
      const outcome = await sendBatched(req).catch(refusal)
      if ('unchecked' in outcome) return null
      return settle(sent(outcome), req, site, text.events)
    },

    /**
     * Sends a text as a fictional profile (an operator's answer, ADR 17): free, and in one
     * transaction with `within` (the operator's records); delivered like any message after it.
     */
    async answerAs(
      fictionalUserId: number,
      to: { conversation: number; client_id: string; text: string },
      site: { costs: Costs },
      within: Within,
    ): Promise<SendMessageResponse> {
      return sendWithin(request({ sender: fictionalUserId }, { ...to, kind: 'text' }, site, 0), within)
    },

    /**
     * A member's closing message (issue 61, point 4): free, read by the safety rules as any text
     * (an insult is refused with the question, 409 chat.unkind), and in one transaction with `within`
     * (the conversation's close); delivered like any message after it.
     */
    async sendClosing(senderUserId: number, out: Outgoing, site: SendSite, within: Within) {
      const text = textSafety(out, site)
      if (text.ask) throw new AppError('chat.unkind', 409)
      return sendWithin(request({ sender: senderUserId }, out, site, 0, text.flags), within)
    },

    /**
     * POST /api/message-file.php: a message that carries a file, of any kind of MESSAGE_FILES. The
     * file is checked and stored once the send is known to be allowed (issue 36, point 4): a file to
     * no one, to a member who blocked the sender, or without the credits for it is refused before it
     * is read; a retried send answers its first attempt's message and keeps no second copy.
     */
    async sendFile(
      senderUserId: number,
      to: Omit<Outgoing, 'payload' | 'kind'> & { kind: FileKind; from: NonNullable<Outgoing['from']> },
      file: Buffer,
      site: SendSite,
    ) {
      const rehearsed = await rehearse(
        request({ sender: senderUserId }, { ...to, payload: REHEARSAL_FILE }, site),
      )
      // A kind that only answers (a voice note, issue 58) goes to a member who has written in the
      // conversation and takes that kind; it never opens one.
      if (answersOnly(to.kind) && rehearsed) {
        const answer = rehearsed.fresh?.opening
          ? null
          : await selectAnswerTaken(db, rehearsed.message.conversation, senderUserId)
        if (!answer?.wrote) throw new AppError(`${to.kind}.reply_only`, 409)
        if (!answer.takes) throw new AppError(`${to.kind}.not_accepted`, 403, { name: answer.name })
      }
      const stored = await MESSAGE_FILES[to.kind].store(file, { ...deps, site, nudge: to.from.nudge })
      const { payload } = stored
      const discard = () => deps.media.remove(payload.thumb ? [payload.file, payload.thumb] : [payload.file])
      try {
        const { outcome, response } = await post(senderUserId, { ...to, payload }, site, stored)
        if (!outcome.fresh) await discard()
        return response
      } catch (error) {
        await discard()
        throw error
      }
    },
  }
}

import { z } from 'zod'
import { CallEndReason, Caller, CallSignal, IceConfig } from './calls.ts'
import { Message } from './message.ts'

/**
 * What the server pushes to a member's sockets over /api/ws: one contract, read by the server's
 * event bus (an event is a frame plus its addressee) and parsed by the browser.
 */
export const EventFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('like.created'), profileId: z.number().int() }),
  z.object({ type: z.literal('match.created'), profileId: z.number().int() }),
  z.object({ type: z.literal('message.created'), conversation: z.number().int(), message: Message }),
  z.object({ type: z.literal('message.read'), conversation: z.number().int(), lastRead: z.number().int() }),
  /** A message changed after it was sent: its voice note was played (issue 58). */
  z.object({ type: z.literal('message.changed'), conversation: z.number().int(), message: Message }),
  z.object({ type: z.literal('chat.typing'), conversation: z.number().int(), profileId: z.number().int() }),
  z.object({ type: z.literal('chat.unread'), conversation: z.number().int(), unread: z.number().int() }),
  z.object({ type: z.literal('chat.removed'), conversation: z.number().int() }),
  z.object({ type: z.literal('credits.changed'), credits: z.number().int() }),
  z.object({ type: z.literal('payment.updated'), paymentId: z.string(), status: z.string() }),
  /** Calls (issue 59, ADR 37): both members now allow calls in a conversation, or one stopped. */
  z.object({ type: z.literal('call.consent'), conversation: z.number().int(), available: z.boolean() }),
  /** To the callee: a call rings (never sent for a member already in a call). */
  z.object({
    type: z.literal('call.ringing'),
    call: z.number().int(),
    conversation: z.number().int(),
    video: z.boolean(),
    caller: Caller,
    ring_ends_at: z.iso.datetime({ offset: true }),
  }),
  /** To both: the callee accepted; the caller makes the offer, the callee's other pages stop ringing. */
  z.object({ type: z.literal('call.accepted'), call: z.number().int() }),
  /** From the other member of an accepted call, passed on relay-only (common/calls.ts). */
  CallSignal.extend({ type: z.literal('call.signal') }),
  /** To both: the minutes paid so far and, to the caller, their balance after them. */
  z.object({
    type: z.literal('call.meter'),
    call: z.number().int(),
    answered_at: z.iso.datetime({ offset: true }),
    minutes: z.number().int(),
    credits: z.number().int(),
    credits_per_minute: z.number().int(),
    /** The caller's balance, to the caller only: whether the next minute is covered. */
    balance: z.number().int().nullable(),
    /** Every eighth minute, fresh relay credentials for this member (theirs last 10 minutes). */
    ice: IceConfig.optional(),
  }),
  /** To both: the call is over (a decline, a busy line and silence all read 'no_answer', at the ring's end). */
  z.object({ type: z.literal('call.ended'), call: z.number().int(), reason: CallEndReason }),
  /** To the operators' console sockets only: the inbox changed (a member wrote, an answer, a claim; ADR 17). */
  z.object({ type: z.literal('inbox.changed'), conversation: z.number().int() }),
  /** To the app nodes, never a browser: a site's settings changed, read them again. */
  z.object({ type: z.literal('sites.changed') }),
  /** To the app nodes, never a browser: sessions of a member or of staff ended; check their sockets. */
  z.object({
    type: z.literal('sessions.ended'),
    member: z.number().int().optional(),
    staff: z.number().int().optional(),
  }),
])
export type EventFrame = z.infer<typeof EventFrame>

/** Every server-to-browser frame: the events, and the socket's own greeting and pong. */
export const ServerFrame = z.union([
  EventFrame,
  z.object({ type: z.literal('hello') }),
  z.object({ type: z.literal('pong') }),
])
export type ServerFrame = z.infer<typeof ServerFrame>

import { z } from 'zod'
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

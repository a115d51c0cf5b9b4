import type { Socket } from 'node:net'
import websocket from '@fastify/websocket'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import { CONSOLE_SOCKET_PATH, SOCKET_PATH } from '#common/api.ts'
import { ClientFrame } from '#common/schemas/chat.ts'
import { type DomainEvent, type EventBus, OPERATOR_SOCKETS } from '#server/lib/events.ts'
import type { ChatService } from '#server/modules/chat/chat.service.ts'
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts'
import { requestSource } from './csrf.ts'

const HEARTBEAT_MS = 30_000
/** At most one typing signal per conversation this often from one socket. */
const TYPING_EVERY_MS = 1500

/** What the browser receives: the event without its addressee. */
function toFrame(event: DomainEvent): string {
  const { userId: _userId, ...frame } = event
  return JSON.stringify(frame)
}

/**
 * Sends a frame; the frames one socket gets in the same tick (a message and the unread count, a
 * message and the new balance) leave in one write: the connection is corked until the next tick.
 */
function send(socket: WebSocket, frame: string) {
  // ws keeps its connection as `_socket`; corking it only batches writes, the frames stay the same.
  const connection = (socket as unknown as { _socket?: Socket })._socket
  if (connection && connection.writableCorked === 0) {
    connection.cork()
    process.nextTick(() => connection.uncork())
  }
  socket.send(frame)
}

const MAX_TYPING_CHATS = 100

/** A browser page of this site (the host it asked for, or the site's configured origin). */
export function originAllowed(request: FastifyRequest): boolean {
  return request.headers.origin !== undefined && requestSource(request, request.linkOrigin) === 'site'
}

/**
 * The WebSocket at /api/ws (DESIGN.md section 3): authenticated by the session cookie, Origin
 * checked, kept alive by pings. It delivers the member's events from the bus (every node's, with
 * Redis) to their open sockets, and passes typing signals on.
 */
export const websocketPlugin: FastifyPluginAsync<{
  events: EventBus
  chat: ChatService
  /** Presence (ADR 19): members with a visible page here are on the site. */
  presence: Pick<NotificationsService, 'online' | 'away'>
  /** Receives the count of this node's open sockets (the metrics read it). */
  countSockets?: (count: () => number) => void
}> = async (app, { events, chat, presence, countSockets }) => {
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // A stopping node (ADR 22): 1012, service restart, and the pages reconnect, to another node.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1012, 'service restart')
      this.websocketServer.close()
      done()
    },
    // A frame too large or malformed is the client's fault: ws has already sent the close frame
    // (1009, 1007…), so the socket closes cleanly instead of being cut (the default terminates it and
    // logs an error for every such client).
    errorHandler: (error, socket, request) => {
      request.log.warn({ err: error }, 'websocket closed on a bad frame')
      if (socket.readyState === socket.OPEN) socket.close(1008)
    },
  })
  const sockets = new Map<number, Set<WebSocket>>()
  countSockets?.(() => {
    let open = 0
    for (const set of sockets.values()) open += set.size
    return open
  })
  const alive = new WeakSet<WebSocket>()
  /** Sockets whose page said it is hidden (a background tab): its member is not on the site. */
  const hidden = new WeakSet<WebSocket>()
  const onPresenceError = (error: unknown) => app.log.warn({ err: error }, 'presence update failed')
  const visibleHere = (userId: number) => [...(sockets.get(userId) ?? [])].some((s) => !hidden.has(s))

  const unsubscribe = events.subscribe((event) => {
    const open = sockets.get(event.userId)
    if (!open) return
    const frame = toFrame(event)
    for (const socket of open) if (socket.readyState === socket.OPEN) send(socket, frame)
  })

  const heartbeat = setInterval(() => {
    // One update for every member with a visible page on this node keeps them on the site.
    const present: number[] = []
    for (const userId of sockets.keys())
      if (userId !== OPERATOR_SOCKETS && visibleHere(userId)) present.push(userId)
    presence.online(present).catch(onPresenceError)
    for (const open of sockets.values()) {
      for (const socket of open) {
        if (!alive.has(socket)) {
          socket.terminate()
          continue
        }
        alive.delete(socket)
        socket.ping()
      }
    }
  }, HEARTBEAT_MS)
  heartbeat.unref()

  app.addHook('onClose', async () => {
    clearInterval(heartbeat)
    unsubscribe()
    for (const open of sockets.values()) for (const socket of open) socket.close(1001, 'server closing')
  })

  // The operators' console socket (ADR 17): inbox events, to operators and admins only.
  app.get(
    CONSOLE_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!originAllowed(request)) {
          return reply.code(403).send({ error: { code: 'ws.origin', message: 'Origin not allowed' } })
        }
        const staff = request.staff
        if (!staff?.verified || (staff.role !== 'operator' && staff.role !== 'admin')) {
          return reply
            .code(401)
            .send({ error: { code: 'staff.required', message: 'Log in to the console first.' } })
        }
      },
    },
    (socket) => {
      const open = sockets.get(OPERATOR_SOCKETS) ?? new Set<WebSocket>()
      open.add(socket)
      sockets.set(OPERATOR_SOCKETS, open)
      alive.add(socket)
      socket.on('pong', () => alive.add(socket))
      // Operators only listen: nothing they send is read.
      socket.on('message', () => alive.add(socket))
      socket.on('close', () => {
        open.delete(socket)
        if (open.size === 0) sockets.delete(OPERATOR_SOCKETS)
      })
      socket.send(JSON.stringify({ type: 'hello' }))
    },
  )

  app.get(
    SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!originAllowed(request)) {
          return reply.code(403).send({ error: { code: 'ws.origin', message: 'Origin not allowed' } })
        }
        if (!request.member) {
          return reply
            .code(403)
            .send({ error: { code: 'authentication_required', message: 'Please log in to continue.' } })
        }
      },
    },
    (socket, request) => {
      const userId = request.member?.userId
      if (!userId) {
        socket.close(4401, 'authentication_required')
        return
      }
      const open = sockets.get(userId) ?? new Set<WebSocket>()
      open.add(socket)
      sockets.set(userId, open)
      alive.add(socket)
      const lastTyping = new Map<number, number>()
      socket.on('pong', () => alive.add(socket))
      socket.on('message', (raw) => {
        alive.add(socket)
        let frame: ClientFrame
        try {
          const parsed = ClientFrame.safeParse(JSON.parse(String(raw)))
          if (!parsed.success) return
          frame = parsed.data
        } catch {
          return
        }
        if (frame.type === 'ping') {
          socket.send(JSON.stringify({ type: 'pong' }))
          return
        }
        if (frame.type === 'visibility') {
          if (frame.hidden) hidden.add(socket)
          else hidden.delete(socket)
          const update = visibleHere(userId) ? presence.online([userId]) : presence.away(userId)
          update.catch(onPresenceError)
          return
        }
        const now = Date.now()
        if (now - (lastTyping.get(frame.conversation) ?? 0) < TYPING_EVERY_MS) return
        // A socket typing in more chats than anyone holds at once is not a person: keep memory bounded.
        if (lastTyping.size >= MAX_TYPING_CHATS) lastTyping.clear()
        lastTyping.set(frame.conversation, now)
        chat
          .typing(userId, frame.conversation)
          .catch((error) => request.log.warn({ err: error }, 'typing failed'))
      })
      socket.on('close', () => {
        open.delete(socket)
        if (open.size === 0) sockets.delete(userId)
        if (!visibleHere(userId)) presence.away(userId).catch(onPresenceError)
      })
      presence.online([userId]).catch(onPresenceError)
      socket.send(JSON.stringify({ type: 'hello' }))
    },
  )
}

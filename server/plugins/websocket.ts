import websocket from '@fastify/websocket'
import type { FastifyPluginAsync } from 'fastify'
import type { WebSocket } from 'ws'
import { CONSOLE_SOCKET_PATH, readTab, SOCKET_PATH } from '#common/api.ts'
import { CONSOLE_PAGES, mayOpen } from '#common/console-pages.ts'
import { SOCKET_SESSION_ENDED } from '#common/constants.ts'
import { ClientFrame } from '#common/schemas/chat.ts'
import type { StaffRole } from '#common/staff.ts'
import { type EventBus, OPERATOR_SOCKETS } from '#server/lib/events.ts'
import type { CallsService } from '#server/modules/calls/calls.service.ts'
import type { ChatService } from '#server/modules/chat/chat.service.ts'
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts'
import { fromSitePage } from './csrf.ts'
import { sendFrame, toFrame } from './socket-frames.ts'
import {
  frameBudget,
  MAX_SOCKETS_PER_PERSON,
  presenceBatcher,
  SOCKET_FLOODED,
  tooMany,
  upgradeSlots,
} from './socket-limits.ts'

const HEARTBEAT_MS = 30_000
/** At most one typing signal per conversation this often from one socket. */
const TYPING_EVERY_MS = 1500

const MAX_TYPING_CHATS = 100
/** Whom a socket was opened for, with the session token it was opened with. */
type Holder = { kind: 'member'; id: number; token: string } | { kind: 'staff'; id: number; token: string }

/** Reads a session again, without keeping it alive: whether it still allows its socket. */
interface SocketSessions {
  member: (token: string) => Promise<{ userId: number } | null>
  staff: (token: string) => Promise<{ staffId: number; role: StaffRole; verified: boolean } | null>
}

/**
 * The WebSocket at /api/ws (docs/architecture.md §3): authenticated by the session cookie, Origin
 * checked, kept alive by pings. It delivers the member's events from the bus (every node's, with
 * Redis) to their open sockets, and passes typing signals on.
 */
export const websocketPlugin: FastifyPluginAsync<{
  events: EventBus
  chat: ChatService
  /** A call's signals pass through it (issue 59); a page opened while a call rings, rings (ADR 37). */
  calls: Pick<CallsService, 'signal' | 'ringing'>
  /** Presence (ADR 19): members with a visible page here are on the site. */
  presence: Pick<NotificationsService, 'online' | 'away'>
  /** The sessions behind the sockets, read again when one ends and on every heartbeat (ADR 13). */
  sessions: SocketSessions
  /** Receives the count of this node's open sockets (the metrics read it). */
  countSockets?: (count: () => number) => void
}> = async (app, { events, chat, calls, presence, sessions, countSockets }) => {
  await app.register(websocket, {
    // A call's session description (issue 59) is the largest frame a page sends: a few kilobytes.
    options: { maxPayload: 16_384 },
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
  countSockets?.(() => [...sockets.values()].reduce((open, set) => open + set.size, 0))
  const alive = new WeakSet<WebSocket>()
  /** Sockets whose page said it is hidden (a background tab): its member is not on the site. */
  const hidden = new WeakSet<WebSocket>()
  const onPresenceError = (error: unknown) => app.log.warn({ err: error }, 'presence update failed')
  const visibleHere = (userId: number) => [...(sockets.get(userId) ?? [])].some((s) => !hidden.has(s))
  const presenceWrites = presenceBatcher(
    (userId) => (visibleHere(userId) ? presence.online([userId]) : presence.away(userId)),
    onPresenceError,
  )
  /** Upgrades under way, reserved when checked (a burst of them cannot all pass the check). */
  const slots = upgradeSlots<number | string>(MAX_SOCKETS_PER_PERSON, tooMany)
  const holders = new WeakMap<WebSocket, Holder>()
  /** The tab each member socket belongs to (its `?tab=`), so that a tab's own send is not echoed. */
  const tabs = new WeakMap<WebSocket, string>()

  /** Whether the session a socket was opened with still allows it: the same person, still logged in. */
  async function stillAllowed(holder: Holder): Promise<boolean> {
    if (holder.kind === 'member') return (await sessions.member(holder.token))?.userId === holder.id
    const staff = await sessions.staff(holder.token)
    return staff?.staffId === holder.id && staff.verified && mayOpen(staff.role, CONSOLE_PAGES.inbox.roles)
  }

  /**
   * Closes the sockets whose session ended or no longer allows them (a logout, a new password, a
   * ban, a staff account disabled or given another role). A session that cannot be read (the
   * database down) keeps its socket: that is no end of it.
   */
  async function closeEnded(open: Iterable<WebSocket>) {
    await Promise.all(
      [...open].map(async (socket) => {
        const holder = holders.get(socket)
        if (!holder || socket.readyState !== socket.OPEN) return
        const allowed = await stillAllowed(holder).catch((error: unknown) => {
          app.log.warn({ err: error }, 'a socket’s session could not be read')
          return true
        })
        if (!allowed && socket.readyState === socket.OPEN) socket.close(SOCKET_SESSION_ENDED, 'session_ended')
      }),
    )
  }

  const unsubscribe = events.subscribe((event) => {
    if (event.type === 'sessions.ended') {
      if (event.member !== undefined) void closeEnded(sockets.get(event.member) ?? [])
      if (event.staff !== undefined) {
        const operators = [...(sockets.get(OPERATOR_SOCKETS) ?? [])]
        void closeEnded(operators.filter((s) => holders.get(s)?.id === event.staff))
      }
      return
    }
    const open = sockets.get(event.userId)
    if (!open) return
    const frame = toFrame(event)
    for (const socket of open) {
      if (event.exceptTab !== undefined && tabs.get(socket) === event.exceptTab) continue
      if (socket.readyState === socket.OPEN) sendFrame(socket, frame)
    }
  })

  const heartbeat = setInterval(() => {
    // One update for every member with a visible page on this node keeps them on the site.
    const present: number[] = []
    for (const userId of sockets.keys())
      if (userId !== OPERATOR_SOCKETS && visibleHere(userId)) present.push(userId)
    presence.online(present).catch(onPresenceError)
    // Sessions also end by themselves (expired, a console left idle): every socket is checked.
    for (const open of sockets.values()) void closeEnded(open)
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
    presenceWrites.close()
    unsubscribe()
    for (const open of sockets.values()) for (const socket of open) socket.close(1001, 'server closing')
  })

  // The operators' console socket (ADR 17): inbox events, to operators and admins only.
  app.get(
    CONSOLE_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!fromSitePage(request)) {
          return reply.code(403).send({ error: { code: 'ws.origin', message: 'Origin not allowed' } })
        }
        const staff = request.staff
        if (!staff?.verified || !mayOpen(staff.role, CONSOLE_PAGES.inbox.roles)) {
          return reply
            .code(401)
            .send({ error: { code: 'staff.required', message: 'Log in to the console first.' } })
        }
        const held = [...(sockets.get(OPERATOR_SOCKETS) ?? [])].filter(
          (s) => holders.get(s)?.id === staff.staffId,
        )
        if (!slots.reserve(request, reply, `staff:${staff.staffId}`, held.length)) return reply
      },
    },
    (socket, request) => {
      slots.opened(request)
      const staff = request.staff
      if (!staff || !request.staffToken) {
        socket.close(SOCKET_SESSION_ENDED, 'staff.required')
        return
      }
      holders.set(socket, { kind: 'staff', id: staff.staffId, token: request.staffToken })
      const open = sockets.get(OPERATOR_SOCKETS) ?? new Set<WebSocket>()
      open.add(socket)
      sockets.set(OPERATOR_SOCKETS, open)
      alive.add(socket)
      socket.on('pong', () => alive.add(socket))
      // Operators only listen: nothing they send is read, and a flood of it closes the socket.
      const budget = frameBudget()
      socket.on('message', () => {
        if (budget.take()) alive.add(socket)
        else socket.close(SOCKET_FLOODED, 'too many frames')
      })
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
        if (!fromSitePage(request)) {
          return reply.code(403).send({ error: { code: 'ws.origin', message: 'Origin not allowed' } })
        }
        if (!request.member) {
          return reply
            .code(403)
            .send({ error: { code: 'authentication_required', message: 'Please log in to continue.' } })
        }
        const open = sockets.get(request.member.userId)?.size ?? 0
        if (!slots.reserve(request, reply, request.member.userId, open)) return reply
      },
    },
    (socket, request) => {
      slots.opened(request)
      const userId = request.member?.userId
      if (!userId || !request.sessionToken) {
        socket.close(SOCKET_SESSION_ENDED, 'authentication_required')
        return
      }
      holders.set(socket, { kind: 'member', id: userId, token: request.sessionToken })
      const tab = readTab((request.query as { tab?: unknown }).tab)
      if (tab) tabs.set(socket, tab)
      const open = sockets.get(userId) ?? new Set<WebSocket>()
      open.add(socket)
      sockets.set(userId, open)
      alive.add(socket)
      const lastTyping = new Map<number, number>()
      const budget = frameBudget()
      socket.on('pong', () => alive.add(socket))
      socket.on('message', (raw) => {
        // A socket that floods (thousands of frames) is closed: no frame costs the others' time.
        if (!budget.take()) {
          socket.close(SOCKET_FLOODED, 'too many frames')
          return
        }
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
          // Written once per member per moment, however many frames their tabs send (socket-limits.ts).
          presenceWrites.changed(userId)
          return
        }
        if (frame.type === 'call.signal') {
          const { type: _, ...signal } = frame
          calls
            .signal(userId, signal)
            .catch((error) => request.log.warn({ err: error }, 'call signal failed'))
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
      calls
        .ringing(userId, request.site)
        .then((ring) => ring && socket.readyState === socket.OPEN && socket.send(JSON.stringify(ring)))
        .catch((error) => request.log.warn({ err: error }, 'ringing call failed'))
    },
  )
}

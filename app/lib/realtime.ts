import { SOCKET_PATH } from '#common/api.ts'
import { SOCKET_SESSION_ENDED, WS_RECONNECT_MAX_MS, WS_RECONNECT_MIN_MS } from '#common/constants.ts'
import type { ClientFrame } from '#common/schemas/chat.ts'
import type { ServerFrame } from '#common/schemas/frames.ts'
import { TAB_ID } from './tab.ts'

type FrameSchema = typeof import('#common/schemas/frames.ts').ServerFrame

/** The frames' schema comes with zod in a chunk of its own, loaded with the socket (ADR 21). */
const loadFrameSchema = () => import('#common/schemas/frames.ts').then((frames) => frames.ServerFrame)

/** Frame types already reported as unreadable: each is logged once, then ignored quietly. */
const reported = new Set<string>()

/** A frame as the contract reads it, or null (logged once per type) for one it does not know. */
export function readFrame(data: unknown, schema: FrameSchema): ServerFrame | null {
  let raw: unknown
  try {
    raw = JSON.parse(String(data))
  } catch {
    raw = undefined
  }
  const parsed = schema.safeParse(raw)
  if (parsed.success) return parsed.data
  const type = String((raw as { type?: unknown } | undefined)?.type ?? 'unreadable')
  if (!reported.has(type)) {
    reported.add(type)
    console.warn(`Ignored a server frame this page does not know: ${type}`)
  }
  return null
}

export interface Realtime {
  /** Sends a frame when connected; dropped otherwise (typing signals are worth nothing late). */
  send: (frame: ClientFrame) => void
  close: () => void
}

/** The delay before reconnect attempt `attempt` (0-based): doubling, capped, with some jitter. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(WS_RECONNECT_MAX_MS, WS_RECONNECT_MIN_MS * 2 ** attempt)
  return Math.round(base * (0.75 + random() * 0.5))
}

/**
 * Keeps a WebSocket to /api/ws open: reconnects with backoff, and calls `onReconnect` after every
 * reconnection so the page catches up on what it may have missed.
 */
export function connectRealtime(handlers: {
  onFrame: (frame: ServerFrame) => void
  onReconnect: () => void
  onStatus?: (connected: boolean) => void
  /** The socket: the member's by default, or the console's (the operators' inbox). */
  path?: string
  /**
   * The session the socket was opened with ended (a logout in another tab, a new password, a ban):
   * no reconnection; the page asks the server again what it may show.
   */
  onSessionEnded: () => void
}): Realtime {
  let socket: WebSocket | null = null
  let attempt = 0
  let everOpened = false
  let closed = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let schema: FrameSchema | null = null

  const open = () => {
    if (closed) return
    if (!schema) {
      // The socket opens once it can read what comes; a chunk that fails to load is tried again.
      loadFrameSchema().then(
        (loaded) => {
          schema = loaded
          open()
        },
        () => {
          timer = setTimeout(open, reconnectDelay(attempt++))
        },
      )
      return
    }
    const frames = schema
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:'
    const ws = new WebSocket(
      `${scheme}//${window.location.host}${handlers.path ?? SOCKET_PATH}?tab=${TAB_ID}`,
    )
    socket = ws
    ws.onopen = () => {
      attempt = 0
      // A page opened or reconnected in the background says so: its member is not on the site.
      if (document.hidden) ws.send(JSON.stringify({ type: 'visibility', hidden: true }))
      handlers.onStatus?.(true)
      if (everOpened) handlers.onReconnect()
      everOpened = true
    }
    ws.onmessage = (event) => {
      const frame = readFrame(event.data, frames)
      if (frame) handlers.onFrame(frame)
    }
    ws.onclose = (event) => {
      socket = null
      handlers.onStatus?.(false)
      if (closed) return
      if (event.code === SOCKET_SESSION_ENDED) {
        closed = true
        handlers.onSessionEnded()
        return
      }
      timer = setTimeout(open, reconnectDelay(attempt++))
    }
  }
  open()

  return {
    send(frame) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame))
    },
    close() {
      closed = true
      clearTimeout(timer)
      socket?.close()
    },
  }
}

import { WS_RECONNECT_MAX_MS, WS_RECONNECT_MIN_MS } from '#common/constants.ts'
import type { Message } from '#common/schemas/chat.ts'

/** What the server pushes over /api/ws (the domain events, without their addressee). */
export type ServerFrame =
  | { type: 'hello' }
  | { type: 'pong' }
  | { type: 'like.created'; profileId: number }
  | { type: 'match.created'; profileId: number }
  | { type: 'message.created'; conversation: number; message: Message }
  | { type: 'message.read'; conversation: number; lastRead: number }
  | { type: 'chat.typing'; conversation: number; profileId: number }
  | { type: 'chat.unread'; conversation: number; unread: number }
  | { type: 'chat.removed'; conversation: number }
  | { type: 'credits.changed'; credits: number }
  | { type: 'payment.updated'; paymentId: string; status: string }

export interface Realtime {
  /** Sends a frame when connected; dropped otherwise (typing signals are worth nothing late). */
  send: (frame: { type: 'typing'; conversation: number }) => void
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
}): Realtime {
  let socket: WebSocket | null = null
  let attempt = 0
  let everOpened = false
  let closed = false
  let timer: ReturnType<typeof setTimeout> | undefined

  const open = () => {
    if (closed) return
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:'
    const ws = new WebSocket(`${scheme}//${window.location.host}/api/ws`)
    socket = ws
    ws.onopen = () => {
      attempt = 0
      handlers.onStatus?.(true)
      if (everOpened) handlers.onReconnect()
      everOpened = true
    }
    ws.onmessage = (event) => {
      try {
        handlers.onFrame(JSON.parse(String(event.data)) as ServerFrame)
      } catch {
        // A frame we cannot read: skip it.
      }
    }
    ws.onclose = () => {
      socket = null
      handlers.onStatus?.(false)
      if (closed) return
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

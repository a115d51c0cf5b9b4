import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react'
import { useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import { REFRESH_FIRST_DELAY_MS, REFRESH_INTERVAL_MS, REFRESH_INTERVAL_PUSH_MS } from '#common/constants.ts'
import type { CallSignal } from '#common/schemas/calls.ts'
import type { ServerFrame } from '#common/schemas/frames.ts'
import { pushSubscribed } from './push.ts'
import { usePushMessages } from './push-messages.ts'
import { connectRealtime, type Realtime } from './realtime.ts'

/** Adds a handler to a set; answers the function that takes it out again. */
function subscribe<T>(handlers: Set<T>, handler: T): () => void {
  handlers.add(handler)
  return () => {
    handlers.delete(handler)
  }
}

type Task = () => Promise<void>

/**
 * A logged-in member's link to the server, shared by the stores that follow it: frames of the
 * WebSocket, a catch-up after each reconnection, and the refresh cycle of spec section 4 (the
 * first tick 5 s after load, then a refresh every 60 s, or 300 s with push).
 */
interface MemberConnection {
  onFrame: (handler: (frame: ServerFrame) => void) => () => void
  onReconnect: (handler: () => void) => () => void
  /** The first tick, before the first refresh (an automatic like). */
  onFirstTick: (handler: Task) => () => void
  onRefresh: (handler: Task) => () => void
  /** Sends a typing signal when connected (worth nothing late). */
  sendTyping: (conversation: number) => void
  /** Sends a call's offer, answer or candidate to the other member (issue 59). */
  sendSignal: (signal: CallSignal) => void
}

const noop = () => {}
const OFFLINE: MemberConnection = {
  onFrame: () => noop,
  onReconnect: () => noop,
  onFirstTick: () => noop,
  onRefresh: () => noop,
  sendTyping: noop,
  sendSignal: noop,
}

const ConnectionContext = createContext<MemberConnection>(OFFLINE)

/** The member's connection; a visitor's does nothing. */
export const useMemberConnection = () => useContext(ConnectionContext)

/** Calls `handler` for every frame while the component is mounted; the latest handler is used. */
export function useFrames(handler: (frame: ServerFrame) => void) {
  const { onFrame } = useMemberConnection()
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => onFrame((frame) => latest.current(frame)), [onFrame])
}

/** Calls `handler` after every reconnection, and on every refresh tick when `refresh` is set. */
export function useCatchUp(handler: () => void | Promise<void>, { refresh = false } = {}) {
  const { onReconnect, onRefresh } = useMemberConnection()
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => onReconnect(() => void latest.current()), [onReconnect])
  useEffect(() => (refresh ? onRefresh(async () => await latest.current()) : undefined), [onRefresh, refresh])
}

async function runAll(tasks: Set<Task>) {
  await Promise.all([...tasks].map((task) => task().catch(() => {})))
}

/**
 * Opens the member's WebSocket and runs the refresh cycle while `userId` is set: one connection per
 * member, whatever renders. Frames and ticks go to every subscriber.
 */
export function MemberConnectionProvider({
  userId,
  children,
}: {
  userId: number | null
  children: ReactNode
}) {
  const handlers = useRef({
    frame: new Set<(frame: ServerFrame) => void>(),
    reconnect: new Set<() => void>(),
    firstTick: new Set<Task>(),
    refresh: new Set<Task>(),
  })
  const realtime = useRef<Realtime | null>(null)
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate

  useEffect(() => {
    if (userId === null) return
    const connection = connectRealtime({
      onFrame: (frame) => {
        for (const handler of handlers.current.frame) handler(frame)
      },
      onReconnect: () => {
        for (const handler of handlers.current.reconnect) handler()
      },
      // The session ended (elsewhere, or by this page's own logout): the loaders run again as the
      // server now sees the browser, so a member's page goes to /login; a navigation under way
      // (this page's logout) goes on.
      onSessionEnded: () => void revalidate.current(),
    })
    realtime.current = connection
    return () => {
      connection.close()
      realtime.current = null
    }
  }, [userId])

  usePushMessages(userId !== null, () => {
    for (const handler of handlers.current.reconnect) handler()
  })

  // Presence (ADR 19): a hidden page tells the socket, and a beacon says so even as the page closes.
  useEffect(() => {
    if (userId === null) return
    const changed = () => {
      realtime.current?.send({ type: 'visibility', hidden: document.hidden })
      if (document.hidden) {
        navigator.sendBeacon?.(api.pageHidden.path, new Blob(['{}'], { type: 'application/json' }))
      }
    }
    document.addEventListener('visibilitychange', changed)
    return () => document.removeEventListener('visibilitychange', changed)
  }, [userId])

  useEffect(() => {
    if (userId === null) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const cycle = async () => {
      await runAll(handlers.current.refresh)
      if (stopped) return
      const interval = (await pushSubscribed(window)) ? REFRESH_INTERVAL_PUSH_MS : REFRESH_INTERVAL_MS
      timer = setTimeout(cycle, interval)
    }
    timer = setTimeout(async () => {
      await runAll(handlers.current.firstTick)
      if (!stopped) void cycle()
    }, REFRESH_FIRST_DELAY_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [userId])

  const connection = useMemo<MemberConnection>(
    () => ({
      onFrame: (handler) => subscribe(handlers.current.frame, handler),
      onReconnect: (handler) => subscribe(handlers.current.reconnect, handler),
      onFirstTick: (handler) => subscribe(handlers.current.firstTick, handler),
      onRefresh: (handler) => subscribe(handlers.current.refresh, handler),
      sendTyping: (conversation) => realtime.current?.send({ type: 'typing', conversation }),
      sendSignal: (signal) => realtime.current?.send({ ...signal, type: 'call.signal' }),
    }),
    [],
  )

  return (
    <ConnectionContext.Provider value={userId === null ? OFFLINE : connection}>
      {children}
    </ConnectionContext.Provider>
  )
}

import { useCallback, useEffect, useRef } from 'react'
import { REFRESH_FIRST_DELAY_MS, REFRESH_INTERVAL_MS, REFRESH_INTERVAL_PUSH_MS } from '#common/constants.ts'
import type { ServerFrame } from '#common/schemas/frames.ts'
import { pushSubscribed } from './push.ts'
import { connectRealtime, type Realtime } from './realtime.ts'

/** Adds a handler to a set; answers the function that takes it out again. */
export function subscribe<T>(handlers: Set<T>, handler: T): () => void {
  handlers.add(handler)
  return () => {
    handlers.delete(handler)
  }
}

/**
 * A logged-in member's link to the server: the WebSocket (frames to every subscriber, a catch-up
 * after each reconnection) and, as the fallback, the refresh cycle of spec section 4 (every 60 s,
 * or 300 s with push, first after 5 s). The owner's handlers are read when they are called, so a
 * new render never reconnects.
 */
export function useMemberConnection(
  userId: number | null,
  handlers: {
    onFrame: (frame: ServerFrame) => void
    onReconnect: () => void
    /** The first tick (5 s after load), before the first refresh. */
    onFirstTick: () => Promise<void>
    onRefresh: () => Promise<void>
  },
) {
  const latest = useRef(handlers)
  latest.current = handlers
  const frameHandlers = useRef(new Set<(frame: ServerFrame) => void>())
  const reconnectHandlers = useRef(new Set<() => void>())
  const realtime = useRef<Realtime | null>(null)

  useEffect(() => {
    if (userId === null) return
    const connection = connectRealtime({
      onFrame: (frame) => {
        for (const handler of frameHandlers.current) handler(frame)
        latest.current.onFrame(frame)
      },
      onReconnect: () => {
        latest.current.onReconnect()
        for (const handler of reconnectHandlers.current) handler()
      },
    })
    realtime.current = connection
    return () => {
      connection.close()
      realtime.current = null
    }
  }, [userId])

  useEffect(() => {
    if (userId === null) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const cycle = async () => {
      await latest.current.onRefresh().catch(() => {})
      if (stopped) return
      const interval = (await pushSubscribed(window)) ? REFRESH_INTERVAL_PUSH_MS : REFRESH_INTERVAL_MS
      timer = setTimeout(cycle, interval)
    }
    timer = setTimeout(async () => {
      await latest.current.onFirstTick().catch(() => {})
      if (!stopped) void cycle()
    }, REFRESH_FIRST_DELAY_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [userId])

  return {
    /** Frames from the WebSocket, for a page (the open conversation). */
    onFrame: useCallback(
      (handler: (frame: ServerFrame) => void) => subscribe(frameHandlers.current, handler),
      [],
    ),
    /** Called after the WebSocket reconnects: catch up. */
    onReconnect: useCallback((handler: () => void) => subscribe(reconnectHandlers.current, handler), []),
    /** Sends a typing signal when connected (worth nothing late). */
    sendTyping: useCallback(
      (conversation: number) => realtime.current?.send({ type: 'typing', conversation }),
      [],
    ),
  }
}

import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'

/**
 * The open page listens to the push worker (/sw-push.js?v=2): NEW_PUSH_MESSAGE (a push arrived:
 * catch up at once instead of at the next refresh) and NEW_PUSH_CLICK (its notification was
 * clicked: go there inside the app, without reloading it).
 */
export function usePushMessages(enabled: boolean, onPush: () => void) {
  const navigate = useNavigate()
  const latest = useRef(onPush)
  latest.current = onPush
  useEffect(() => {
    const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined
    if (!enabled || !worker) return
    const listener = (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: string } | null
      if (data?.type === 'NEW_PUSH_MESSAGE') latest.current()
      // Only a path of this site: the worker builds it from our own push.
      if (data?.type === 'NEW_PUSH_CLICK' && typeof data.url === 'string' && /^\/(?!\/)/.test(data.url)) {
        navigate(data.url)
      }
    }
    worker.addEventListener('message', listener)
    return () => worker.removeEventListener('message', listener)
  }, [enabled, navigate])
}

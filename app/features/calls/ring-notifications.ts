import { useEffect } from 'react'
import { PUSH_WORKER_URL } from '../../lib/push.ts'

/**
 * Closes this device's notifications of a call's ring (their worker marks them `ring`): a visible
 * page rings itself while the call rings (the socket sends the ring when it opens, ADR 37), and a
 * ring's notification left in the tray after the call was answered, declined or over would say a
 * call is coming that is not. A missed call's notification stays.
 */
async function closeRingNotifications(win: Window): Promise<void> {
  const worker = win.navigator.serviceWorker
  const registration = await worker?.getRegistration(PUSH_WORKER_URL)
  if (!registration) return
  const rings = (await registration.getNotifications()).filter(
    (notification) => (notification.data as { ring?: boolean } | null)?.ring === true,
  )
  for (const notification of rings) notification.close()
}

/**
 * While a page of the site is visible, no ring's notification stays on its device: on opening, on
 * coming back into view, and when a ring's push arrives meanwhile (the worker tells its pages).
 */
export function useRingNotificationsClosed() {
  useEffect(() => {
    const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined
    if (!worker) return
    const close = () => {
      if (document.visibilityState === 'visible') closeRingNotifications(window).catch(() => {})
    }
    const pushed = (event: MessageEvent) => {
      const data = event.data as { type?: string; payload?: { ring?: boolean } } | null
      if (data?.type === 'NEW_PUSH_MESSAGE' && data.payload?.ring === true) close()
    }
    close()
    document.addEventListener('visibilitychange', close)
    worker.addEventListener('message', pushed)
    return () => {
      document.removeEventListener('visibilitychange', close)
      worker.removeEventListener('message', pushed)
    }
  }, [])
}

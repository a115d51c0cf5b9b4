import { api } from '#common/api.ts'
import type { PageBounceInput } from '#common/schemas/statistics.ts'

/** Told by the sign-up form when a visitor's account is made: they left the page by signing up. */
export const SIGNED_UP_EVENT = 'dating:signed-up'

/**
 * Page-bounce logging (spec section 2): on a page opened with `lb` in its address, the time the
 * visitor spent on it and how they left (signing up, following a link, or closing it) go to the
 * server once, as a beacon, when they leave. Nothing else is sent: no address, no session.
 */
export function watchPageBounce(win: Window): () => void {
  if (!new URLSearchParams(win.location.search).has('lb')) return () => {}
  const page = win.location.pathname
  const started = win.performance.now()
  let sent = false
  const send = (exit: PageBounceInput['exit']) => {
    if (sent) return
    sent = true
    const body: PageBounceInput = { page, exit, seconds: (win.performance.now() - started) / 1000 }
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' })
    if (!win.navigator.sendBeacon?.(api.pageBounce.path, blob)) {
      void fetch(api.pageBounce.path, { method: 'POST', body: blob, keepalive: true }).catch(() => {})
    }
  }
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href]')
    if (link) send('link')
  }
  const onSignedUp = () => send('signup')
  const onHidden = () => {
    if (win.document.visibilityState === 'hidden') send('closed')
  }
  const onPageHide = () => send('closed')
  win.document.addEventListener('click', onClick, true)
  win.addEventListener(SIGNED_UP_EVENT, onSignedUp)
  win.document.addEventListener('visibilitychange', onHidden)
  win.addEventListener('pagehide', onPageHide)
  return () => {
    win.document.removeEventListener('click', onClick, true)
    win.removeEventListener(SIGNED_UP_EVENT, onSignedUp)
    win.document.removeEventListener('visibilitychange', onHidden)
    win.removeEventListener('pagehide', onPageHide)
  }
}

/**
 * Whether a rejection is a request given up on purpose (`AbortError`): the router drops a page's
 * data when the member has already gone elsewhere, which fails nothing the member asked for.
 */
export function isAbortError(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'AbortError'
}

/**
 * Keeps requests given up on purpose out of the browser's error console, where a rejection nobody
 * awaited any more would otherwise land as "Uncaught (in promise) AbortError". Every other
 * rejection is still reported.
 */
export function quietAbortedRequests(win: Window): void {
  win.addEventListener('unhandledrejection', (event) => {
    if (isAbortError(event.reason)) event.preventDefault()
  })
}

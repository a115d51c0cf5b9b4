import { CHUNK_RELOAD_MIN_INTERVAL_MS } from '#common/constants.ts'

const STORAGE_KEY = 'chunk-reload-at'
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i

/** Whether a failed chunk load may reload the page now: at most once per 60 s (spec section 8). */
export function mayReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_MIN_INTERVAL_MS
}

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason)
  return CHUNK_ERROR.test(message)
}

/** After a deploy, an old page may ask for chunks that are gone: reload it to get the new ones. */
export function installChunkReload(win: Window): void {
  const handle = (reason: unknown) => {
    if (!isChunkLoadError(reason)) return
    const stored = Number(win.sessionStorage.getItem(STORAGE_KEY))
    const now = Date.now()
    if (!mayReloadForChunk(stored || null, now)) return
    win.sessionStorage.setItem(STORAGE_KEY, String(now))
    win.location.reload()
  }
  win.addEventListener('vite:preloadError', (event) =>
    handle((event as Event & { payload?: unknown }).payload),
  )
  win.addEventListener('unhandledrejection', (event) => handle(event.reason))
}

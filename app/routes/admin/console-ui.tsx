import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from '../../i18n.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import { statusLabel } from './status-label.ts'

/** What the last action did (read out by screen readers) and what went wrong (shown). */
export function ActionFeedback({ status, error }: { status: string; error: string | null }) {
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {error ? (
        <div className="alert alert-danger py-2" role="alert">
          {error}
        </div>
      ) : null}
    </>
  )
}

/** Whether a key press belongs to a text field (then it is typing, not a command). */
export const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))

/** The keys line of the page on screen (an i18n key), for the `?` overlay; null on pages without keys. */
let pageKeys: string | null = null
const keysListeners = new Set<() => void>()
export const shortcutsHelp = {
  subscribe(listener: () => void) {
    keysListeners.add(listener)
    return () => keysListeners.delete(listener)
  },
  current: () => pageKeys,
}

/**
 * A queue page's one-key commands (lower-case keys), as staff work all day: no modifier, and never
 * while typing into a field. `keys` is the page's keys line (an i18n key), which the `?` overlay
 * lists too (issue 39, point 6).
 */
export function useShortcuts(handlers: Record<string, () => void>, keys: string) {
  const current = useRef(handlers)
  current.current = handlers
  useEffect(() => {
    pageKeys = keys
    for (const listener of keysListeners) listener()
    return () => {
      pageKeys = null
      for (const listener of keysListeners) listener()
    }
  }, [keys])
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return
      const handler = current.current[event.key.toLowerCase()]
      if (!handler) return
      event.preventDefault()
      handler()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}

/** An action of a console page: busy while it runs, its error in words, its result as the status. */
export function useConsoleAction() {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const run = useCallback(
    async (action: () => Promise<string>) => {
      setBusy(true)
      setError(null)
      try {
        setStatus(await action())
        return true
      } catch (e) {
        setError(apiErrorMessage(e, t))
        return false
      } finally {
        setBusy(false)
      }
    },
    [t],
  )
  return { busy, error, status, setStatus, setError, run }
}

/** The site a per-site console page shows; choosing another loads the page for it (`?site=`). */
export function SiteSelect({
  sites,
  current,
  page,
}: {
  sites: ReadonlyArray<{ id: number; name: string }>
  current: number
  page: string
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <div className="mb-3" style={{ maxWidth: 320 }}>
      <label className="form-label small" htmlFor="console-site">
        {t('console.settings.site')}
      </label>
      <select
        id="console-site"
        className="form-select form-select-sm"
        value={current}
        onChange={(e) => navigate(`${page}?site=${e.target.value}`)}
      >
        {sites.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  )
}

/** A member's photos as thumbnails, each named by its id and state; a rejected one faded. */
export function PhotoThumbs({
  photos,
  size,
  className = 'mb-0',
}: {
  photos: ReadonlyArray<{ id: number; thumb_url: string; status: string }>
  size: number
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <ul className={`list-unstyled d-flex flex-wrap gap-2 ${className}`}>
      {photos.map((p) => (
        <li key={p.id}>
          <img
            src={p.thumb_url}
            alt={`${p.id} (${statusLabel(t, 'photo', p.status)})`}
            width={size}
            height={size}
            className={`rounded ${p.status === 'rejected' ? 'opacity-50' : ''}`}
          />
        </li>
      ))}
    </ul>
  )
}

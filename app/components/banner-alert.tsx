import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'

/** The page's banners, first first: one shows at a time, the next when it is answered or dismissed. */
const BANNER_ORDER = ['activation', 'notifications-disabled', 'push', 'enrich-profile'] as const
type BannerName = (typeof BANNER_ORDER)[number]
type Turns = { wanted: ReadonlySet<BannerName>; want: (name: BannerName, on: boolean) => void }
const TurnsContext = createContext<Turns | null>(null)

/** Holds which banners want to show (the Default layout's shell), so that only the first does. */
export function BannerTurns({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState<ReadonlySet<BannerName>>(new Set())
  const want = useCallback((name: BannerName, on: boolean) => {
    setWanted((before) => {
      if (before.has(name) === on) return before
      const after = new Set(before)
      if (on) after.add(name)
      else after.delete(name)
      return after
    })
  }, [])
  const turns = useMemo(() => ({ wanted, want }), [wanted, want])
  return <TurnsContext.Provider value={turns}>{children}</TurnsContext.Provider>
}

/** Whether a banner that wants to show is the first of those that do (always, outside BannerTurns). */
export function useBannerTurn(name: BannerName, wants: boolean): boolean {
  const turns = useContext(TurnsContext)
  const want = turns?.want
  useEffect(() => {
    want?.(name, wants)
    return () => want?.(name, false)
  }, [want, name, wants])
  if (!turns) return wants
  return wants && BANNER_ORDER.find((n) => turns.wanted.has(n)) === name
}

/**
 * A dismissed alert is remembered with its timestamp (spec section 4); until the page has read
 * that, the alert counts as dismissed (nothing flashes in and out after hydration).
 */
export function useDismissed(key: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(true)
  useEffect(() => {
    setDismissed(Boolean(window.localStorage.getItem(key)))
  }, [key])
  return [
    dismissed,
    () => {
      window.localStorage.setItem(key, new Date().toISOString())
      setDismissed(true)
    },
  ]
}

/**
 * A warning across the page below the navigation, with its actions and a button that hides it. On a
 * phone it is compact (smaller type, less padding), so that the page's own content still starts
 * near the top under the site's other strips.
 */
export function BannerAlert(props: {
  children: ReactNode
  actions: ReactNode
  dismissLabel: string
  onDismiss: () => void
  footer?: ReactNode
  testId?: string
}) {
  return (
    <div
      className="banner-alert alert alert-warning rounded-0 mb-0 border-0 border-bottom px-0 py-2 py-md-3"
      role="status"
      data-testid={props.testId}
    >
      <div className="container d-flex flex-wrap align-items-center column-gap-2 row-gap-1">
        <span className="banner-alert-text">{props.children}</span>
        <div className="d-flex flex-wrap gap-2">
          {props.actions}
          <button type="button" className="btn btn-sm btn-outline-dark" onClick={props.onDismiss}>
            {props.dismissLabel}
          </button>
        </div>
        {props.footer}
      </div>
    </div>
  )
}

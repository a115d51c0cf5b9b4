import { type ReactNode, useEffect, useState } from 'react'

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

/** A warning across the page below the navigation, with its actions and a button that hides it. */
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
      className="alert alert-warning rounded-0 mb-0 border-0 border-bottom"
      role="status"
      data-testid={props.testId}
    >
      <div className="container d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{props.children}</span>
        {props.actions}
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={props.onDismiss}>
          {props.dismissLabel}
        </button>
        {props.footer}
      </div>
    </div>
  )
}

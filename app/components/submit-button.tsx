import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { useDelayed } from '../lib/use-delayed.ts'
import { useHydrated } from '../lib/use-hydrated.ts'

/**
 * A form's submit button: disabled while the request runs, with a spinner once it has run for the
 * fetch minimum delay (200 ms). A form its page's scripts send is disabled until they run (a press
 * before that would be lost); a form with a route action (`beforeScripts`) posts without them.
 */
export function SubmitButton({
  busy,
  children,
  busyLabel,
  className = 'btn btn-primary',
  disabled,
  beforeScripts = false,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  busy?: boolean
  busyLabel?: ReactNode
  beforeScripts?: boolean
}) {
  const hydrated = useHydrated() || beforeScripts
  const spinning = useDelayed(Boolean(busy))
  return (
    <button
      type="submit"
      className={className}
      {...rest}
      disabled={!hydrated || busy || disabled}
      aria-busy={busy || undefined}
    >
      {spinning ? (
        <>
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {busyLabel ?? children}
        </>
      ) : (
        children
      )}
    </button>
  )
}

import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { useHydrated } from '../lib/use-hydrated.ts'

/**
 * A form's submit button: disabled until the page runs (a press before that would be lost) and
 * while the request runs, with a spinner then.
 */
export function SubmitButton({
  busy,
  children,
  busyLabel,
  className = 'btn btn-primary',
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; busyLabel?: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <button type="submit" className={className} {...rest} disabled={!hydrated || busy || disabled}>
      {busy ? (
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

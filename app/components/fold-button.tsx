import type { ReactNode } from 'react'

/**
 * The button that unfolds a part a phone keeps folded (the search's filters, the console's pages):
 * shown below 768 px only, it says whether its part is open and which element that is.
 */
export function FoldButton({
  open,
  onToggle,
  controls,
  className,
  children,
}: {
  open: boolean
  onToggle: () => void
  /** The id of the folded element. */
  controls: string
  className: string
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className={`btn ${className} d-md-none`}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {children}
    </button>
  )
}

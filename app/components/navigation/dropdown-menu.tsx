import { type ReactNode, useEffect, useRef, useState } from 'react'

interface DropdownMenuProps {
  id: string
  /** The toggle's accessible name. */
  label: string
  toggleClassName: string
  /** What the toggle shows. */
  toggle: ReactNode
  /** Links and buttons with Bootstrap's `dropdown-item` class (and `<hr className="dropdown-divider" />`). */
  children: ReactNode
  className?: string
}

/**
 * A button that shows a short list of links and actions below it (the disclosure pattern: the
 * entries keep their own roles). Esc, a click elsewhere or leaving it with Tab closes it; the arrow
 * keys move between entries. Bootstrap's dropdown classes give the look, positioned by CSS alone
 * (ADR 21: no Popper or react-bootstrap on the pages).
 */
export function DropdownMenu({ id, label, toggleClassName, toggle, children, className }: DropdownMenuProps) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  const entries = () => [...(root.current?.querySelectorAll<HTMLElement>('.dropdown-item') ?? [])]
  const move = (step: number) => {
    const list = entries()
    const at = list.indexOf(document.activeElement as HTMLElement)
    list[(at + step + list.length) % list.length]?.focus()
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys and the focus of its button and entries, handled once for all.
    <div
      ref={root}
      className={['dropdown', className].filter(Boolean).join(' ')}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault()
          setOpen(false)
          button.current?.focus()
        } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault()
          if (!open) setOpen(true)
          // The entries render with the menu: move once they are there.
          requestAnimationFrame(() => move(event.key === 'ArrowDown' ? 1 : -1))
        }
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={button}
        type="button"
        id={id}
        className={`${toggleClassName} dropdown-toggle`}
        aria-label={label}
        aria-expanded={open}
        aria-controls={`${id}-entries`}
        onClick={() => setOpen((was) => !was)}
      >
        {toggle}
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: choosing an entry (by click or Enter, which clicks) closes the list. */}
      <div
        id={`${id}-entries`}
        className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}
        data-bs-popper="static"
        onClick={() => setOpen(false)}
      >
        {children}
      </div>
    </div>
  )
}

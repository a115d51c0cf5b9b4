import { type RefObject, useEffect } from 'react'

/**
 * Closes an open popup (a menu) on Esc or on a click outside `box`; Esc then gives the focus back
 * to the first button in `box` (the menu's own).
 */
export function useDismiss(open: boolean, close: () => void, box: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      close()
      box.current?.querySelector<HTMLButtonElement>('button')?.focus()
    }
    const onClick = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) close()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
    }
  }, [open, close, box])
}

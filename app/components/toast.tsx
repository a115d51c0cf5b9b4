import { type ReactNode, useEffect, useRef } from 'react'

interface ToastProps {
  show?: boolean
  onClose: () => void
  /** It closes by itself after this long (ms); a pointer or the focus on it holds it open. */
  delay: number
  /** A header with this title and a close button labelled `closeLabel`. */
  title?: string
  closeLabel?: string
  className?: string
  /** The corner's own class (to keep it below the top navigation, say). */
  containerClassName?: string
  children: ReactNode
}

/**
 * A notice in the top corner of the window, 350 px wide (Bootstrap's toast look, spec section 9),
 * read out politely by screen readers. It closes by itself unless the member is on it.
 */
export function Toast(props: ToastProps) {
  const { show = true, onClose, delay, title, closeLabel, className, containerClassName, children } = props
  const close = useRef(onClose)
  close.current = onClose
  const held = useRef(false)
  useEffect(() => {
    if (!show) return
    const timer = setInterval(() => {
      if (!held.current) close.current()
    }, delay)
    return () => clearInterval(timer)
  }, [show, delay])
  const hold = (on: boolean) => () => {
    held.current = on
  }
  return (
    <div
      className={['toast-container position-fixed top-0 end-0 p-3', containerClassName]
        .filter(Boolean)
        .join(' ')}
    >
      {show ? (
        <div
          className={['toast show', className].filter(Boolean).join(' ')}
          role="status"
          aria-live="polite"
          aria-atomic="true"
          onPointerEnter={hold(true)}
          onPointerLeave={hold(false)}
          onFocus={hold(true)}
          onBlur={hold(false)}
        >
          {title ? (
            <div className="toast-header">
              <strong className="me-auto">{title}</strong>
              <button type="button" className="btn-close" aria-label={closeLabel} onClick={onClose} />
            </div>
          ) : null}
          <div className="toast-body">{children}</div>
        </div>
      ) : null}
    </div>
  )
}

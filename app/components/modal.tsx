import { createContext, type ReactNode, useContext, useEffect, useLayoutEffect, useRef } from 'react'

const HideContext = createContext<(() => void) | null>(null)

interface ModalProps {
  show: boolean
  onHide?: () => void
  id?: string
  'aria-labelledby'?: string
  /** Vertically centred in the window. */
  centered?: boolean
  size?: 'sm' | 'lg' | 'xl'
  /** A static modal: neither Esc nor a click beside it closes it (while a payment starts, say). */
  locked?: boolean
  children: ReactNode
}

// Runs before paint in the browser; the server renders no modal at all.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/**
 * A modal dialog on the browser's own `<dialog>` opened with showModal(): the page behind is inert,
 * the focus goes in (to the dialog, or its `data-autofocus` control) and stays there, Esc and a click beside it close it unless it is locked, and
 * the focus goes back to where it was. Bootstrap's modal classes give it its look (ADR 21: the
 * pages carry no react-bootstrap). Nothing renders while it is hidden, so a modal opens afresh; one
 * shown from the start is in the server's page, open over it, before the scripts make it modal.
 */
export function Modal({ show, onHide, id, centered, size, locked = false, children, ...rest }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const hide = useRef(onHide)
  hide.current = onHide
  const isLocked = useRef(locked)
  isLocked.current = locked

  useBrowserLayoutEffect(() => {
    const dialog = ref.current
    if (!show || !dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const makeModal = () => {
      // Rendered open (by the server, or by this render): made modal, which only showModal() does.
      if (dialog.open && !dialog.matches(':modal')) {
        // Already on screen since the first paint: made modal without its entrance again.
        dialog.dataset.settled = ''
        dialog.close()
      }
      if (!dialog.open) dialog.showModal()
      // The focus goes to the dialog itself, so that a screen reader reads it from its title, or
      // to the one control marked data-autofocus.
      const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog
      first.focus()
    }
    // One in the server's page (the page is hydrating: app/root.tsx marks its end) is made modal in
    // a task of its own: making the page behind inert restyles all of it, and within hydration's
    // task that made one long task of two on a phone (issue 19).
    let upgrade: ReturnType<typeof setTimeout> | undefined
    if (document.documentElement.dataset.hydrated) makeModal()
    else upgrade = setTimeout(makeModal, 0)
    return () => {
      clearTimeout(upgrade)
      if (dialog.open) dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [show])

  if (!show) return null
  const close = () => {
    if (!isLocked.current) hide.current?.()
  }
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click beside the dialog closes it; the keyboard has Esc and the close button.
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={rest['aria-labelledby']}
      className="modal app-modal"
      // Open in the server's page too, so that it shows at the first paint (modal once scripts run).
      open
      tabIndex={-1}
      onCancel={(event) => {
        // Esc: the owner decides (it hides the modal through `show`).
        event.preventDefault()
        close()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) close()
      }}
    >
      <div
        className={[
          'modal-dialog',
          centered ? 'modal-dialog-centered' : '',
          size ? `modal-${size}` : '',
        ].join(' ')}
      >
        <div className="modal-content">
          <HideContext.Provider value={close}>{children}</HideContext.Provider>
        </div>
      </div>
    </dialog>
  )
}

function Header({
  closeButton = false,
  closeLabel,
  children,
}: {
  closeButton?: boolean
  closeLabel?: string
  children: ReactNode
}) {
  const close = useContext(HideContext)
  return (
    <div className="modal-header">
      {children}
      {closeButton && close ? (
        <button type="button" className="btn-close" aria-label={closeLabel} onClick={close} />
      ) : null}
    </div>
  )
}

function Title({
  as: Heading = 'h2',
  className,
  id,
  children,
}: {
  as?: 'h1' | 'h2' | 'h3'
  className?: string
  id?: string
  children: ReactNode
}) {
  return (
    <Heading className={['modal-title', className].filter(Boolean).join(' ')} id={id}>
      {children}
    </Heading>
  )
}

function Body({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={['modal-body', className].filter(Boolean).join(' ')}>{children}</div>
}

function Footer({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={['modal-footer', className].filter(Boolean).join(' ')}>{children}</div>
}

Modal.Header = Header
Modal.Title = Title
Modal.Body = Body
Modal.Footer = Footer

import {
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react'
import { Link, type LinkProps } from 'react-router'
import { Modal } from '../../components/modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { SignupForm } from './signup-form.tsx'

const SignupModalContext = createContext<{ open: () => void } | null>(null)

/** Desktop gets the sign-up modal; smartphones (below Bootstrap's md, 768 px) get the /signup page. */
function isDesktop(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(min-width: 768px)').matches
}

/** The sign-up modal (id signup-modal) of the Default and Empty layouts (spec section 2). */
export function SignupModalProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const [show, setShow] = useState(false)
  const [busy, setBusy] = useState(false)
  const open = useCallback(() => setShow(true), [])
  const value = useMemo(() => ({ open }), [open])
  return (
    <SignupModalContext.Provider value={value}>
      {children}
      <Modal
        show={show}
        onHide={() => !busy && setShow(false)}
        id="signup-modal"
        size="lg"
        centered
        locked={busy}
        aria-labelledby="signup-modal-title"
      >
        <Modal.Header closeButton={!busy} closeLabel={t('signup.close')}>
          <Modal.Title as="h2" className="h4" id="signup-modal-title">
            {t('signup.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary">{t('signup.intro')}</p>
          <SignupForm onBusyChange={setBusy} />
        </Modal.Body>
      </Modal>
    </SignupModalContext.Provider>
  )
}

/**
 * A link to /signup that opens the sign-up modal instead on a desktop. A member who is logged in
 * already has an account: the link takes them to the members.
 */
export function SignupLink(props: Omit<LinkProps, 'to'> & { to?: LinkProps['to'] }) {
  const modal = useContext(SignupModalContext)
  const { user } = useRootData()
  const { to = '/signup', onClick, ...rest } = props
  if (user) return <Link to="/members" onClick={onClick} {...rest} />
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (!event.defaultPrevented && modal && isDesktop()) {
      event.preventDefault()
      modal.open()
    }
  }
  return <Link to={to} onClick={click} {...rest} />
}

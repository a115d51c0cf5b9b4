import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { Modal } from '../../components/modal.tsx'
import { useTranslation } from '../../i18n.ts'
import { SignupLink } from './signup-modal.tsx'

const LoginPromptContext = createContext<((message: string) => void) | null>(null)

/**
 * What a visitor sees when they try what needs an account (spec section 6: like, chat, more
 * photos, gifts): why, with Log in and Sign up for free.
 */
export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const [message, setMessage] = useState<string | null>(null)
  const prompt = useCallback((text: string) => setMessage(text), [])
  const close = () => setMessage(null)
  return (
    <LoginPromptContext.Provider value={prompt}>
      {children}
      <Modal
        show={message !== null}
        onHide={close}
        centered
        id="login-prompt"
        aria-labelledby="login-prompt-title"
      >
        <Modal.Header closeButton closeLabel={t('likes.close')}>
          <Modal.Title as="h2" className="h5" id="login-prompt-title">
            {t('loginPrompt.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{message}</p>
          <div className="d-flex flex-wrap gap-2">
            <SignupLink className="btn btn-primary" onClick={close}>
              {t('home.cta')}
            </SignupLink>
            <Link to="/login" className="btn btn-outline-primary" onClick={close}>
              {t('nav.login')}
            </Link>
          </div>
        </Modal.Body>
      </Modal>
    </LoginPromptContext.Provider>
  )
}

/** Opens the login prompt with a message; outside the provider it goes to the login page. */
export function useLoginPrompt(): (message: string) => void {
  const prompt = useContext(LoginPromptContext)
  return useMemo(
    () =>
      prompt ??
      (() => {
        window.location.assign('/login')
      }),
    [prompt],
  )
}

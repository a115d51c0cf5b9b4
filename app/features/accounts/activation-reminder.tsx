import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { api } from '#common/api.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import { useRootData } from '../../lib/use-root-data.ts'

const DISMISSED_KEY = 'dismissed-activation-reminder'

/**
 * Asks a member to confirm the e-mail address (spec section 4): shown while the account is not
 * confirmed, the profile disabled and no notification is disabled; its dismissal is remembered.
 */
export function ActivationReminder() {
  const { t } = useTranslation()
  const { user } = useRootData()
  const { pathname } = useLocation()
  const [dismissed, setDismissed] = useState(true)
  const [status, setStatus] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    setDismissed(Boolean(window.localStorage.getItem(DISMISSED_KEY)))
  }, [])
  const needed =
    user &&
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    user.notifications_disabled.length === 0
  // The sign-up flow ends with the same request; no banner on top of it.
  if (!needed || dismissed || pathname === '/complete-signup') return null
  const sendAgain = async () => {
    setBusy(true)
    try {
      await callApi(api.resendActivation, { retries: 1 })
      setStatus({ kind: 'success', text: t('activation.sent') })
    } catch (error) {
      setStatus({ kind: 'danger', text: apiFormErrors(error, t).message ?? t('errors.server.error') })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="alert alert-warning rounded-0 mb-0 border-0 border-bottom" role="status">
      <div className="container d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{t('activation.reminder', { email: user.email })}</span>
        <button type="button" className="btn btn-sm btn-dark" onClick={sendAgain} disabled={busy}>
          {t('activation.sendAgain')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-dark"
          onClick={() => {
            window.localStorage.setItem(DISMISSED_KEY, new Date().toISOString())
            setDismissed(true)
          }}
        >
          {t('activation.dismiss')}
        </button>
        {status ? <p className={`w-100 mb-0 small text-${status.kind}-emphasis`}>{status.text}</p> : null}
      </div>
    </div>
  )
}

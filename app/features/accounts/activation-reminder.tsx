import { useState } from 'react'
import { useLocation } from 'react-router'
import { api } from '#common/api.ts'
import { BannerAlert, useBannerTurn, useDismissed } from '../../components/banner-alert.tsx'
import { useTranslation } from '../../i18n.ts'
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
  const [dismissed, dismiss] = useDismissed(DISMISSED_KEY)
  const [status, setStatus] = useState<{ kind: 'success' | 'danger'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const needed =
    user &&
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    user.notifications_disabled.length === 0
  // The sign-up flow ends with the same request; no banner on top of it.
  const turn = useBannerTurn('activation', Boolean(needed) && !dismissed && pathname !== '/complete-signup')
  if (!user || !turn) return null
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
    <BannerAlert
      dismissLabel={t('activation.dismiss')}
      onDismiss={dismiss}
      actions={
        <button type="button" className="btn btn-sm btn-dark" onClick={sendAgain} disabled={busy}>
          {t('activation.sendAgain')}
        </button>
      }
      footer={
        status ? <p className={`w-100 mb-0 small text-${status.kind}-emphasis`}>{status.text}</p> : null
      }
    >
      {t('activation.reminder', { email: user.email })}
    </BannerAlert>
  )
}

import { useLocation } from 'react-router'
import { BannerAlert, useBannerTurn, useDismissed } from '../../components/banner-alert.tsx'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { ACTIVATION_RESEND, useActivationResend } from './activation-resend.ts'

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
  const resend = useActivationResend()
  const status = resend.status
  const needed =
    user &&
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    user.notifications_disabled.length === 0
  // The sign-up flow ends with the same request; no banner on top of it.
  const turn = useBannerTurn('activation', Boolean(needed) && !dismissed && pathname !== '/complete-signup')
  if (!user || !turn) return null
  return (
    <BannerAlert
      dismissLabel={t('activation.dismiss')}
      onDismiss={dismiss}
      actions={
        <resend.Form method="post" action={ACTIVATION_RESEND}>
          <button type="submit" className="btn btn-sm btn-dark" disabled={resend.busy}>
            {t('activation.sendAgain')}
          </button>
        </resend.Form>
      }
      footer={
        status ? <p className={`w-100 mb-0 small text-${status.kind}-emphasis`}>{status.text}</p> : null
      }
    >
      {t('activation.reminder', { email: user.email })}
    </BannerAlert>
  )
}

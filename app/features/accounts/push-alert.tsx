import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { BannerAlert, useBannerTurn, useDismissed } from '../../components/banner-alert.tsx'
import { BellIcon } from '../../components/icons.tsx'
import { useTranslation } from '../../i18n.ts'
import { type PushState, pushStatus, subscribePush } from '../../lib/push.ts'
import { useRootData } from '../../lib/use-root-data.ts'

const DISMISSED_KEY = 'dismissed-push-notification'

/**
 * The push alert (spec section 4): offers notifications to a member whose browser can show them and
 * who has not subscribed here; remembered when dismissed. Nothing where push is unsupported or denied.
 */
export function PushAlert() {
  const { t } = useTranslation()
  const { user, settings } = useRootData()
  const { pathname } = useLocation()
  const [dismissed, dismiss] = useDismissed(DISMISSED_KEY)
  const [state, setState] = useState<PushState | null>(null)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    // A member who answered the sign-up flow's push step was asked already.
    if (user && !window.localStorage.getItem('push-asked')) void pushStatus(window).then(setState)
  }, [user])
  // The sign-up flow asks in its own step, and the settings page has its switch.
  const turn = useBannerTurn(
    'push',
    Boolean(user) &&
      !dismissed &&
      state === 'not_subscribed' &&
      !['/complete-signup', '/notifications'].includes(pathname),
  )
  if (!turn) return null
  const allow = async () => {
    setBusy(true)
    setFailed(false)
    try {
      setState(await subscribePush(window, settings.push_public_key))
    } catch {
      setState('not_subscribed')
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <BannerAlert
      testId="push-alert"
      dismissLabel={t('notifications.pushAlert.dismiss')}
      onDismiss={dismiss}
      actions={
        <button type="button" className="btn btn-sm btn-dark" onClick={() => void allow()} disabled={busy}>
          {t('notifications.pushAlert.allow')}
        </button>
      }
    >
      <BellIcon /> {failed ? t('notifications.pushFailed') : t('notifications.pushAlert.text')}
    </BannerAlert>
  )
}

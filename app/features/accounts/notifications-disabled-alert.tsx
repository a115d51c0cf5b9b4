import { useState } from 'react'
import { useLocation, useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import { DISABLED_REASONS } from '#common/notifications.ts'
import { BannerAlert, useBannerTurn, useDismissed } from '../../components/banner-alert.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import { useRootData } from '../../lib/use-root-data.ts'

const DISMISSED_KEY = 'dismissed-notifications-disabled'

/**
 * The disabled-notifications alert (spec section 4): no mail reaches the member since a bounce, a
 * spam complaint or an unsubscribe; one button turns mails back on, and its dismissal is remembered.
 */
export function NotificationsDisabledAlert() {
  const { t } = useTranslation()
  const { user } = useRootData()
  const { pathname } = useLocation()
  const revalidator = useRevalidator()
  const [dismissed, dismiss] = useDismissed(DISMISSED_KEY)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const reasons = (user?.notifications_disabled ?? []).filter((r) =>
    (DISABLED_REASONS as readonly string[]).includes(r),
  )
  // The settings page shows the same alert in place.
  const turn = useBannerTurn(
    'notifications-disabled',
    Boolean(user) && reasons.length > 0 && !dismissed && pathname !== '/notifications',
  )
  if (!user || !turn) return null
  const enable = async () => {
    setBusy(true)
    setError(null)
    try {
      await callApi(api.updateNotifications, { body: { notifications_disabled: [] }, retries: 1 })
      await revalidator.revalidate()
    } catch (failure) {
      setError(apiFormErrors(failure, t).message ?? t('errors.server.error'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <BannerAlert
      testId="notifications-disabled"
      dismissLabel={t('notifications.disabled.dismiss')}
      onDismiss={dismiss}
      actions={
        <button type="button" className="btn btn-sm btn-dark" onClick={() => void enable()} disabled={busy}>
          {t('notifications.disabled.enable')}
        </button>
      }
      footer={error ? <p className="w-100 mb-0 small text-danger-emphasis">{error}</p> : null}
    >
      <strong>{t('notifications.disabled.title')}.</strong>{' '}
      {reasons.map((reason) => t(`notifications.disabled.${reason}`)).join(' ')}
    </BannerAlert>
  )
}

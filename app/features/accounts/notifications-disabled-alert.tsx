import { useFetcher, useLocation } from 'react-router'
import { DISABLED_REASONS } from '#common/notifications.ts'
import { BannerAlert, useBannerTurn, useDismissed } from '../../components/banner-alert.tsx'
import { useTranslation } from '../../i18n.ts'
import type { FormResult } from '../../lib/page-form.ts'
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
  const [dismissed, dismiss] = useDismissed(DISMISSED_KEY)
  // The settings page's action turns mails back on; every loader runs again after it.
  const fetcher = useFetcher<FormResult>({ key: 'notifications-enable' })
  const error = fetcher.state === 'idle' && fetcher.data?.ok === false ? fetcher.data.message : null
  const reasons = (user?.notifications_disabled ?? []).filter((r) =>
    (DISABLED_REASONS as readonly string[]).includes(r),
  )
  // The settings page shows the same alert in place.
  const turn = useBannerTurn(
    'notifications-disabled',
    Boolean(user) && reasons.length > 0 && !dismissed && pathname !== '/notifications',
  )
  if (!user || !turn) return null
  return (
    <BannerAlert
      testId="notifications-disabled"
      dismissLabel={t('notifications.disabled.dismiss')}
      onDismiss={dismiss}
      actions={
        <fetcher.Form method="post" action="/notifications?intent=notifications">
          <button
            type="submit"
            name="enable_mails"
            value="1"
            className="btn btn-sm btn-dark"
            disabled={fetcher.state !== 'idle'}
          >
            {t('notifications.disabled.enable')}
          </button>
        </fetcher.Form>
      }
      footer={error ? <p className="w-100 mb-0 small text-danger-emphasis">{error}</p> : null}
    >
      <strong>{t('notifications.disabled.title')}.</strong>{' '}
      {reasons.map((reason) => t(`notifications.disabled.${reason}`)).join(' ')}
    </BannerAlert>
  )
}

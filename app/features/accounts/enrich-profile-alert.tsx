import { Link, useLocation } from 'react-router'
import { BannerAlert, useBannerTurn, useDismissed } from '../../components/banner-alert.tsx'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'

const DISMISSED_KEY = 'dismissed-enrich-profile'

/**
 * Asks an active member without a profile photo to add one (spec section 4: the enrich-profile
 * alert); its dismissal is remembered with its timestamp. Not on the profile page itself, nor while
 * the account still waits for its confirmation (that reminder comes first).
 */
export function EnrichProfileAlert() {
  const { t } = useTranslation()
  const { user } = useRootData()
  const { pathname } = useLocation()
  const [dismissed, dismiss] = useDismissed(DISMISSED_KEY)
  const turn = useBannerTurn(
    'enrich-profile',
    Boolean(user) &&
      !dismissed &&
      user?.status === 'active' &&
      user.profile.main_image === null &&
      !['/profile', '/complete-signup'].includes(pathname),
  )
  if (!turn) return null
  return (
    <BannerAlert
      testId="enrich-profile-alert"
      dismissLabel={t('enrichProfile.dismiss')}
      onDismiss={dismiss}
      actions={
        <Link to="/profile" className="btn btn-sm btn-dark">
          {t('enrichProfile.action')}
        </Link>
      }
    >
      {t('enrichProfile.text')}
    </BannerAlert>
  )
}

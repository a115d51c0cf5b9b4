import { useNavigation } from 'react-router'
import { PROGRESS_BAR_DURATION_MS, PROGRESS_BAR_THROTTLE_MS } from '#common/constants.ts'
import { useTranslation } from '../i18n.ts'
import { useDelayed } from '../lib/use-delayed.ts'

/**
 * A thin bar at the top while a page loads: it appears only when loading takes longer than the
 * throttle (200 ms) and creeps towards the end over the duration (5 s) (spec section 2).
 */
export function PageLoadProgress() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const visible = useDelayed(navigation.state !== 'idle', PROGRESS_BAR_THROTTLE_MS)
  if (!visible) return null
  return (
    <div
      className="page-load-progress"
      role="progressbar"
      aria-label={t('common.loading')}
      style={{ animationDuration: `${PROGRESS_BAR_DURATION_MS}ms` }}
    />
  )
}

import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigation } from 'react-router'
import { PROGRESS_BAR_DURATION_MS, PROGRESS_BAR_THROTTLE_MS } from '#common/constants.ts'

/**
 * A thin bar at the top while a page loads: it appears only when loading takes longer than the
 * throttle (200 ms) and creeps towards the end over the duration (5 s) (spec section 2).
 */
export function PageLoadProgress() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    if (!busy) {
      setVisible(false)
      return
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_BAR_THROTTLE_MS)
    return () => clearTimeout(timer)
  }, [busy])
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

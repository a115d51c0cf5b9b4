import { NEW_HERE_DAYS } from '#common/member-signals.ts'
import { useTranslation } from '../../i18n.ts'

/** "New here" (issue 61, point 5): a real member who signed up in the last 14 days. */
export function NewHereBadge() {
  const { t } = useTranslation()
  return (
    <span
      className="badge rounded-pill new-here-badge align-middle"
      title={t('members.newHereHint', { count: NEW_HERE_DAYS })}
      data-testid="new-here"
    >
      {t('members.newHere')}
    </span>
  )
}

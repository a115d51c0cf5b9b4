import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'

/**
 * Before a purchase (issue 54, point 7; ADR 32; the Dutch ACM's first rule): in plain words, on
 * the page where credits are bought, that some profiles are fictional, run by staff for
 * entertainment, and cannot be met; not only in the terms, and not only as a badge.
 */
export function FictionalBeforeBuying() {
  const { t } = useTranslation()
  const { settings } = useRootData()
  return (
    <aside
      className="alert alert-warning"
      aria-labelledby="before-buying-title"
      data-testid="fictional-before-buying"
    >
      <h2 className="h6" id="before-buying-title">
        {t('credits.beforeBuying.title')}
      </h2>
      <p className="mb-0">
        {t('credits.beforeBuying.text', { name: settings.name, icon: settings.fictional_icon })}
      </p>
    </aside>
  )
}

import { useTranslation } from '../i18n.ts'

/** On a staging site (sandbox payments or the mail outbox in production) every page says so. */
export function StagingBanner() {
  const { t } = useTranslation()
  return (
    <div role="note" className="staging-banner text-center small py-1 px-2">
      {t('staging.banner')}
    </div>
  )
}

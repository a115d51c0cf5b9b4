import { Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'

/**
 * Where a used, expired or forged activation link lands: what went wrong (the spec's sentence),
 * and the two ways on: log in to send the e-mail again, or customer service.
 */
export default function ActivateError() {
  const { t } = useTranslation()
  const { user } = useRootData()
  return (
    <div className="container py-5 narrow-page text-center">
      <PageTitle title={t('activation.errorTitle')} />
      <h1 className="h3">{t('activation.errorTitle')}</h1>
      <p className="lead">{t('activation.errorText')}</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        {user ? null : (
          <Link to="/login" className="btn btn-primary">
            {t('nav.login')}
          </Link>
        )}
        <Link to="/pages/service" className="btn btn-outline-primary">
          {t('footer.support')}
        </Link>
      </div>
    </div>
  )
}

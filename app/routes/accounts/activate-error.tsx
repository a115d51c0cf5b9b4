import { Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { useTranslation } from '../../i18n.ts'

/** Where a used, expired or forged activation link lands. */
export default function ActivateError() {
  const { t } = useTranslation()
  return (
    <div className="container py-5 narrow-page text-center">
      <PageTitle title={t('activation.errorTitle')} />
      <h1 className="h3">{t('activation.errorTitle')}</h1>
      <p className="lead">{t('activation.errorText')}</p>
      <Link to="/pages/service" className="btn btn-outline-primary">
        {t('footer.support')}
      </Link>
    </div>
  )
}

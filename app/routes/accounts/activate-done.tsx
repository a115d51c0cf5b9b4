import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'

/** Where a followed activation link lands. */
export default function ActivateDone() {
  const { t } = useTranslation()
  return (
    <div className="container py-5 narrow-page text-center">
      <PageTitle title={t('activation.doneTitle')} />
      <h1 className="h3">{t('activation.doneTitle')}</h1>
      <p className="lead">{t('activation.doneText')}</p>
      <Link to="/members" className="btn btn-primary">
        {t('activation.doneCta')}
      </Link>
    </div>
  )
}

import { Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'

/** /premium: what Premium is and how to get it (spec sections 1 and 6). */
export default function Premium() {
  const { t } = useTranslation()
  const { user } = useRootData()
  return (
    <div className="container py-4 py-md-5 premium-page">
      <PageTitle title={t('premium.title')} />
      <h1>{t('premium.title')}</h1>
      <p className="lead">{t('premium.intro')}</p>
      <ul className="premium-benefits">
        <li>{t('premium.allPhotos')}</li>
        <li>{t('premium.morePhotos', { count: 25 })}</li>
        <li>{t('premium.matchChance', { percent: 46 })}</li>
        <li>{t('premium.keep')}</li>
      </ul>
      {user?.paid_user ? <p className="alert alert-success">{t('premium.already')}</p> : null}
      <Link to={user ? '/credits' : '/signup'} className="btn btn-primary btn-lg">
        {user ? t('premium.cta') : t('home.cta')}
      </Link>
    </div>
  )
}

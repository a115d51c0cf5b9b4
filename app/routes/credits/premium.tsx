import { Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import type { Route } from './+types/premium'
import { loadPremium } from './premium.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadPremium(context)
}

/**
 * /premium: what Premium is and how to get it (spec sections 1 and 6). The spec's "46 % higher
 * chance of a match" is worked out from the site's members; where they back no such claim, none
 * is made.
 */
export default function Premium({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { user } = useRootData()
  return (
    <div className="container py-4 py-md-5 premium-page">
      <PageTitle title={t('premium.title')} />
      {/* One column on phones and tablets; from 992 px the offer stands beside what it gives. */}
      <div className="row g-4 align-items-center">
        <div className="col-lg-7">
          <h1>{t('premium.title')}</h1>
          <p className="lead">{t('premium.intro')}</p>
          <ul className="premium-benefits">
            <li>{t('premium.allPhotos')}</li>
            <li>{t('premium.morePhotos', { count: 25 })}</li>
            {loaderData.matchLift !== null ? (
              <li data-testid="match-lift">{t('premium.matchChance', { percent: loaderData.matchLift })}</li>
            ) : null}
            <li>{t('premium.keep')}</li>
          </ul>
        </div>
        <div className="col-lg-5">
          <div className="card card-body shadow-sm text-center premium-offer">
            {user?.paid_user ? <p className="alert alert-success">{t('premium.already')}</p> : null}
            <Link to={user ? '/credits' : '/signup'} className="btn btn-primary btn-lg">
              {user ? t('premium.cta') : t('home.cta')}
            </Link>
          </div>
        </div>
      </div>
    </div>
  )
}

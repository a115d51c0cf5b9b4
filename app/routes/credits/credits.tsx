import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { useMoney, usePerCredit } from '../../features/credits/money.tsx'
import { useRootData } from '../../lib/use-root-data.ts'
import type { Route } from './+types/credits'
import { loadCreditsPage } from './credits.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadCreditsPage(context)
}

/** /credits: the bundles with their price per credit, the best value marked. */
export default function Credits({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { user } = useRootData()
  const money = useMoney()
  const perCredit = usePerCredit()
  return (
    <div className="container py-4">
      <PageTitle title={t('credits.title')} />
      <h1 className="h3">{t('credits.title')}</h1>
      <p className="text-body-secondary">{t('credits.intro')}</p>
      {loaderData.repeat ? (
        <p>
          <Link to="/credits/repeat-order" className="btn btn-outline-primary repeat-order-link">
            {t('repeatOrder.link', { count: loaderData.repeat.credits, card: loaderData.repeat.card })}
          </Link>
        </p>
      ) : null}
      <ul className="list-unstyled row g-3 credit-bundles">
        {loaderData.packages.map((bundle) => (
          <li key={bundle.id} className="col-12 col-sm-6 col-lg-3">
            <article
              className={`card h-100 text-center shadow-sm ${bundle.best_value ? 'border-primary best-value' : ''}`}
            >
              {bundle.best_value ? (
                <p className="badge text-bg-primary position-absolute top-0 start-50 translate-middle">
                  {t('credits.bestValue')}
                </p>
              ) : null}
              <div className="card-body d-flex flex-column">
                <h2 className="h4 card-title">{t('credits.bundle', { count: bundle.credits })}</h2>
                <p className="display-6 fw-semibold mb-1">{money(bundle.amount, bundle.currency)}</p>
                <p className="small text-body-secondary">
                  {t('credits.perCredit', {
                    price: perCredit(bundle.amount, bundle.credits, bundle.currency),
                  })}
                </p>
                <Link
                  to={`/credits/${bundle.id}`}
                  className="btn btn-primary mt-auto stretched-link"
                  aria-label={t('credits.buyBundle', {
                    count: bundle.credits,
                    price: money(bundle.amount, bundle.currency),
                  })}
                >
                  {t('credits.buy')}
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <p className="mt-4 small text-body-secondary" data-testid="premium-note">
        {user?.paid_user ? (
          t('credits.premiumHave')
        ) : (
          <>
            {t('credits.premiumNote')} <Link to="/premium">{t('credits.premiumLink')}</Link>
          </>
        )}
      </p>
      {loaderData.currency === 'EUR' ? (
        <p className="small">
          <Link to="/directdebit">{t('directDebit.link')}</Link>
        </p>
      ) : null}
      <p className="small text-body-secondary">{t('pricing.refund', { days: loaderData.refundDays })}</p>
      <p className="small">
        <Link to="/transactions">{t('transactions.title')}</Link>
      </p>
    </div>
  )
}

import { Link } from 'react-router'
import { messageCostWith } from '#common/message-price.ts'
import { discounted } from '#common/money.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { BundlePrice, useMoney, usePerCredit } from '../../features/credits/money.tsx'
import { useRememberReturn } from '../../features/credits/return-to.ts'
import { useTimeBonus } from '../../features/credits/time-bonus.tsx'
import { useTranslation } from '../../i18n.ts'
import { useDateTime } from '../../lib/use-date-time.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import type { Route } from './+types/credits'
import { loadCreditsPage } from './credits.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadCreditsPage(context)
}

/**
 * /credits: the bundles with their price per credit and per message, the best value marked; while a
 * welcome time bonus runs, every bundle shows its list price crossed out beside the price paid.
 */
export default function Credits({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { user, settings } = useRootData()
  const money = useMoney()
  const perCredit = usePerCredit()
  const bonus = useTimeBonus()
  const dateTime = useDateTime()
  const { spending } = loaderData
  const priceOf = (bundle: { amount: number }) =>
    bonus ? discounted(bundle.amount, bonus.percentage) : bundle.amount
  useRememberReturn()
  return (
    <div className="container py-4">
      <PageTitle title={t('credits.title')} />
      <h1 className="h3">{t('credits.title')}</h1>
      <p className="text-body-secondary">{t('credits.intro')}</p>
      {spending.break_until ? (
        <p className="alert alert-info" role="status" data-testid="purchase-break">
          {t('spending.onBreak', { date: dateTime(spending.break_until) })}
        </p>
      ) : null}
      {bonus ? (
        <p className="alert alert-success py-2" data-testid="bonus-on-bundles">
          {t('credits.bonusOn', { percent: bonus.percentage })}
        </p>
      ) : null}
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
                <BundlePrice bundle={bundle} bonus={bonus} />
                <p className="small text-body-secondary mb-1">
                  {t('credits.perCredit', {
                    price: perCredit(priceOf(bundle), bundle.credits, bundle.currency),
                  })}
                </p>
                <p className="small text-body-secondary per-message">
                  {t('credits.perMessage', {
                    price: money(
                      messageCostWith({ ...bundle, amount: priceOf(bundle) }, settings.message_credits),
                      bundle.currency,
                    ),
                  })}
                </p>
                <Link
                  to={`/credits/${bundle.id}`}
                  className="btn btn-primary mt-auto stretched-link"
                  aria-label={t('credits.buyBundle', {
                    count: bundle.credits,
                    price: money(priceOf(bundle), bundle.currency),
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
      <p className="small text-body-secondary">{t('pricing.refund', { count: loaderData.refundDays })}</p>
      <section className="card card-body bg-body-tertiary border-0 mt-4" aria-labelledby="spending-title">
        <h2 className="h6" id="spending-title">
          {t('spending.title')}
        </h2>
        <p className="mb-1" data-testid="month-spent">
          {t('spending.thisMonth', { amount: money(spending.month.spent, spending.currency) })}{' '}
          {spending.limit
            ? t('spending.limitIs', {
                limit: money(spending.limit.amount, spending.limit.currency),
                left: money(spending.limit.left, spending.limit.currency),
              })
            : null}
        </p>
        <p className="small mb-0">
          <Link to="/credits/limits">{t('spending.link')}</Link>
          {' · '}
          <Link to="/transactions">{t('transactions.title')}</Link>
        </p>
      </section>
    </div>
  )
}

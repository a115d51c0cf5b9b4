import { Link } from 'react-router'
import { messageCostWith } from '#common/message-price.ts'
import { PageTitle } from '../components/page-title.tsx'
import { FictionalBeforeBuying } from '../features/credits/fictional-before-buying.tsx'
import { useMoney } from '../features/credits/money.tsx'
import { useTranslation } from '../i18n.ts'
import { useCountryName } from '../lib/country-names.ts'
import type { Route } from './+types/pricing'
import { loadPricing } from './pricing.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadPricing(context)
}

/**
 * The public price list: what each kind of message costs in credits; what a message costs in
 * money with each bundle and in each country, all by the one rule (common/message-price.ts).
 */
export default function Pricing({ loaderData: p }: Route.ComponentProps) {
  const { t } = useTranslation()
  const money = useMoney(p.prices)
  const countryName = useCountryName()
  const range = (c: { costs: number; highest: number; currency: string }) =>
    c.costs === c.highest
      ? money(c.costs, c.currency)
      : t('pricing.range', { low: money(c.costs, c.currency), high: money(c.highest, c.currency) })
  const here = p.costsByCountry.find((c) => c.code === p.country)
  return (
    <div className="container py-4 py-md-5 content-page">
      <PageTitle title={t('pricing.title')} />
      <h1 className="mb-3">{t('pricing.title')}</h1>
      <p className="lead">{t('pricing.intro', { count: p.signupCredits })}</p>
      <FictionalBeforeBuying />
      <div className="table-responsive">
        <table className="table align-middle">
          <caption>{t('pricing.costsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pricing.action')}</th>
              <th scope="col" className="text-end">
                {t('pricing.credits')}
              </th>
            </tr>
          </thead>
          <tbody>
            {p.kinds.map(({ kind, credits }) => (
              <tr key={kind}>
                <th scope="row" className="fw-normal">
                  {t(`pricing.items.${kind}`)}
                </th>
                <td className="text-end">{t('pricing.creditsValue', { count: credits })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {here ? (
        <p className="alert alert-info" data-testid="message-cost-here">
          {t('pricing.messageHere', { country: countryName(here.code), amount: range(here) })}
        </p>
      ) : null}
      {p.bundles.length > 0 ? (
        <div className="table-responsive">
          <table className="table align-middle bundle-message-costs">
            <caption>{t('pricing.bundlesCaption', { count: p.messageCredits })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('pricing.bundle')}</th>
                <th scope="col" className="text-end">
                  {t('pricing.price')}
                </th>
                <th scope="col" className="text-end">
                  {t('pricing.perMessage')}
                </th>
              </tr>
            </thead>
            <tbody>
              {p.bundles.map((b) => (
                <tr key={b.id}>
                  <th scope="row" className="fw-normal">
                    {t('credits.bundle', { count: b.credits })}
                  </th>
                  <td className="text-end">{money(b.amount, b.currency)}</td>
                  <td className="text-end message-cost">
                    {money(messageCostWith(b, p.messageCredits), b.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <h2 className="h4 mt-4">{t('pricing.minimumTitle')}</h2>
      <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-md-3 g-2 message-costs-by-country">
        {p.costsByCountry.map((row) => (
          <li key={row.code} className="col" data-country={row.code}>
            {t('common.labelledStart', { label: countryName(row.code) })} <strong>{range(row)}</strong>
          </li>
        ))}
      </ul>
      <h2 className="h4 mt-4">{t('pricing.premiumTitle')}</h2>
      <p>{t('pricing.premiumText')}</p>
      <p>
        {t('pricing.refund', { count: p.refundDays })}{' '}
        <Link to="/pages/return-policy">{t('footer.returnPolicy')}</Link>
      </p>
    </div>
  )
}

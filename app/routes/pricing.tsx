import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageTitle } from '../components/page-title.tsx'
import type { Route } from './+types/pricing'
import { loadPricing } from './pricing.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadPricing(context)
}

/** The public price list: what a message, a gift and a photo cost, and the minimum message cost. */
export default function Pricing({ loaderData: p }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100)
  const countryNames = new Intl.DisplayNames([i18n.language], { type: 'region' })
  const rows = [
    ['message', p.messageCredits],
    ['gift', p.giftCredits],
    ['photo', p.photoCredits],
  ] as const
  return (
    <div className="container py-4 py-md-5 content-page">
      <PageTitle title={t('pricing.title')} />
      <h1 className="mb-3">{t('pricing.title')}</h1>
      <p className="lead">{t('pricing.intro', { credits: p.signupCredits })}</p>
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
            {rows.map(([key, credits]) => (
              <tr key={key}>
                <th scope="row" className="fw-normal">
                  {t(`pricing.items.${key}`)}
                </th>
                <td className="text-end">{t('pricing.creditsValue', { count: credits })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {p.minimum && p.country ? (
        <p className="alert alert-info">
          {t('pricing.minimumHere', {
            country: countryNames.of(p.country),
            amount: money(p.minimum.costs, p.minimum.currency),
          })}
        </p>
      ) : null}
      <h2 className="h4 mt-4">{t('pricing.minimumTitle')}</h2>
      <ul className="list-unstyled row row-cols-2 row-cols-md-3 g-2">
        {p.minimumByCountry.map((row) => (
          <li key={row.code} className="col">
            {countryNames.of(row.code)}: <strong>{money(row.costs, row.currency)}</strong>
          </li>
        ))}
      </ul>
      <h2 className="h4 mt-4">{t('pricing.premiumTitle')}</h2>
      <p>{t('pricing.premiumText')}</p>
      <p>
        {t('pricing.refund', { days: p.refundDays })}{' '}
        <Link to="/pages/return-policy">{t('footer.returnPolicy')}</Link>
      </p>
    </div>
  )
}

import { type FormEvent, useState } from 'react'
import { api } from '#common/api.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import type { Route } from './+types/catalog'
import { loadCatalog } from './admin.server.ts'
import { ActionFeedback, SiteSelect, useConsoleAction } from './console-ui.tsx'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCatalog(context, request)
}

type Catalog = {
  bundles: Route.ComponentProps['loaderData']['bundles']
  codes: Route.ComponentProps['loaderData']['codes']
}
const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF', 'PLN', 'CAD', 'AUD', 'NZD'] as const
type Currency = (typeof CURRENCIES)[number]

/** /admin/catalog: what a site sells: its bundles per currency, and its discount codes. */
export default function CatalogPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const site = loaderData.siteId
  const [catalog, setCatalog] = useState<Catalog>(loaderData)
  const { busy, error, status, run } = useConsoleAction()
  const [bundle, setBundle] = useState({ credits: '', currency: 'EUR' as Currency, amount: '' })
  const [code, setCode] = useState({ code: '', value: '20', validity: 'once_per_user' as const, expires: '' })

  const save = (b: { credits: number; currency: string; amount: number; active: boolean }) =>
    run(async () => {
      setCatalog(
        await callApi(api.saveBundle, { body: { site, ...b, currency: b.currency as Currency }, retries: 0 }),
      )
      return t('console.catalog.saved')
    })
  const addBundle = (event: FormEvent) => {
    event.preventDefault()
    void save({
      credits: Number(bundle.credits),
      currency: bundle.currency,
      amount: Math.round(Number(bundle.amount) * 100),
      active: true,
    })
  }
  const addCode = (event: FormEvent) => {
    event.preventDefault()
    void run(async () => {
      setCatalog(
        await callApi(api.createCode, {
          body: {
            site,
            code: code.code,
            value_percentage: Number(code.value),
            validity: code.validity,
            ...(code.expires ? { expires: new Date(code.expires).toISOString() } : {}),
          },
          retries: 0,
        }),
      )
      return t('console.catalog.saved')
    })
  }

  return (
    <>
      <title>{t('console.catalog.title')}</title>
      <h1 className="h4">{t('console.catalog.title')}</h1>
      <SiteSelect sites={loaderData.sites} current={site} page="/admin/catalog" />
      <ActionFeedback status={status} error={error} />
      <div className="row g-4">
        <section className="col-lg-6" aria-labelledby="catalog-bundles">
          <h2 className="h6" id="catalog-bundles">
            {t('console.catalog.bundles')}
          </h2>
          <table className="table table-sm align-middle small" data-testid="catalog-bundles">
            <thead>
              <tr>
                <th scope="col">{t('console.catalog.credits')}</th>
                <th scope="col">{t('console.catalog.price')}</th>
                <th scope="col">{t('console.catalog.onSale')}</th>
              </tr>
            </thead>
            <tbody>
              {catalog.bundles.map((b) => (
                <tr key={b.id}>
                  <td>{b.credits}</td>
                  <td>
                    {(b.amount / 100).toFixed(2)} {b.currency}
                  </td>
                  <td>
                    <button
                      type="button"
                      className={`btn btn-sm ${b.active ? 'btn-outline-secondary' : 'btn-outline-success'}`}
                      disabled={busy}
                      onClick={() => void save({ ...b, active: !b.active })}
                    >
                      {b.active ? t('console.catalog.takeOff') : t('console.catalog.putOn')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <form className="row g-2 align-items-end" onSubmit={addBundle}>
            <div className="col-3">
              <label className="form-label small" htmlFor="bundle-credits">
                {t('console.catalog.credits')}
              </label>
              <input
                id="bundle-credits"
                type="number"
                min={1}
                required
                className="form-control form-control-sm"
                value={bundle.credits}
                onChange={(e) => setBundle((b) => ({ ...b, credits: e.target.value }))}
              />
            </div>
            <div className="col-3">
              <label className="form-label small" htmlFor="bundle-currency">
                {t('console.catalog.currency')}
              </label>
              <select
                id="bundle-currency"
                className="form-select form-select-sm"
                value={bundle.currency}
                onChange={(e) => setBundle((b) => ({ ...b, currency: e.target.value as Currency }))}
              >
                {CURRENCIES.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </div>
            <div className="col-3">
              <label className="form-label small" htmlFor="bundle-amount">
                {t('console.catalog.price')}
              </label>
              <input
                id="bundle-amount"
                type="number"
                min={0.5}
                step={0.01}
                required
                className="form-control form-control-sm"
                value={bundle.amount}
                onChange={(e) => setBundle((b) => ({ ...b, amount: e.target.value }))}
              />
            </div>
            <div className="col-3">
              <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                {t('console.catalog.setPrice')}
              </button>
            </div>
          </form>
        </section>
        <section className="col-lg-6" aria-labelledby="catalog-codes">
          <h2 className="h6" id="catalog-codes">
            {t('console.catalog.codes')}
          </h2>
          <table className="table table-sm align-middle small" data-testid="catalog-codes">
            <thead>
              <tr>
                <th scope="col">{t('console.catalog.code')}</th>
                <th scope="col">%</th>
                <th scope="col">{t('console.catalog.validity')}</th>
                <th scope="col">{t('console.catalog.uses')}</th>
                <th scope="col">{t('console.catalog.status')}</th>
              </tr>
            </thead>
            <tbody>
              {catalog.codes.map((c) => (
                <tr key={c.code}>
                  <td className="font-monospace">{c.code}</td>
                  <td>{c.value_percentage}</td>
                  <td>{c.validity}</td>
                  <td>{c.uses}</td>
                  <td>
                    {c.status}
                    {c.expires ? ` · ${c.expires.slice(0, 10)}` : ''}
                    {c.status === 'active' ? (
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm ms-2"
                        disabled={busy}
                        onClick={() =>
                          void run(async () => {
                            setCatalog(await callApi(api.expireCode, { body: { code: c.code }, retries: 0 }))
                            return t('console.catalog.saved')
                          })
                        }
                      >
                        {t('console.catalog.end')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <form className="row g-2 align-items-end" onSubmit={addCode}>
            <div className="col-4">
              <label className="form-label small" htmlFor="code-name">
                {t('console.catalog.code')}
              </label>
              <input
                id="code-name"
                required
                className="form-control form-control-sm"
                value={code.code}
                onChange={(e) => setCode((c) => ({ ...c, code: e.target.value }))}
              />
            </div>
            <div className="col-2">
              <label className="form-label small" htmlFor="code-value">
                %
              </label>
              <input
                id="code-value"
                type="number"
                min={1}
                max={90}
                required
                className="form-control form-control-sm"
                value={code.value}
                onChange={(e) => setCode((c) => ({ ...c, value: e.target.value }))}
              />
            </div>
            <div className="col-3">
              <label className="form-label small" htmlFor="code-expires">
                {t('console.catalog.expires')}
              </label>
              <input
                id="code-expires"
                type="date"
                className="form-control form-control-sm"
                value={code.expires}
                onChange={(e) => setCode((c) => ({ ...c, expires: e.target.value }))}
              />
            </div>
            <div className="col-3">
              <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                {t('console.catalog.makeCode')}
              </button>
            </div>
          </form>
        </section>
      </div>
    </>
  )
}

import { useEffect, useRef } from 'react'
import { api } from '#common/api.ts'
import { formatMoney } from '#common/money.ts'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import { useFetcherForm } from '../../lib/page-form.ts'
import type { Route } from './+types/catalog'
import { loadCatalog } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { ActionFeedback, SiteSelect } from './console-ui.tsx'
import { statusLabel } from './status-label.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCatalog(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    // A new bundle gives its price (`price`, in the currency); a row's switch its cents (`amount`).
    bundle: step({
      call: api.saveBundle,
      read: ({ price, active, ...fields }) => ({
        ...fields,
        ...(price !== undefined ? { amount: Math.round(Number(price) * 100) } : {}),
        active: active === 'true',
      }),
    }),
    code: step({
      call: api.createCode,
      read: ({ expires, ...fields }) => ({
        ...fields,
        ...(expires ? { expires: `${expires}T00:00:00.000Z` } : {}),
      }),
    }),
    expire: step({
      call: api.expireCode,
    }),
  })
}

const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF', 'PLN', 'CAD', 'AUD', 'NZD'] as const

/**
 * /admin/catalog: what a site sells: its bundles per currency, and its discount codes. Each form
 * posts to the page's action (one fetcher), with or without the page's scripts.
 */
export default function CatalogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const site = loaderData.siteId
  const catalog = loaderData
  const form = useFetcherForm('catalog', ['bundle', 'code', 'expire'], actionData)
  const busy = form.busy
  const to = (intent: string) => `/admin/catalog?site=${site}&intent=${intent}`
  const status = form.done ? t('console.catalog.saved') : ''
  const error = form.error
  const bundleForm = useRef<HTMLFormElement>(null)
  const codeForm = useRef<HTMLFormElement>(null)
  // Saved: the forms are empty for the next one.
  useEffect(() => {
    if (!form.done) return
    bundleForm.current?.reset()
    codeForm.current?.reset()
  }, [form.done])
  const Fetcher = form.fetcher.Form

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
                  <td>{formatMoney(b.amount, b.currency, i18n.language)}</td>
                  <td>
                    <Fetcher method="post" action={to('bundle')}>
                      <input type="hidden" name="site" value={site} />
                      <input type="hidden" name="credits" value={b.credits} />
                      <input type="hidden" name="currency" value={b.currency} />
                      <input type="hidden" name="amount" value={b.amount} />
                      <button
                        type="submit"
                        name="active"
                        value={String(!b.active)}
                        className={`btn btn-sm ${b.active ? 'btn-outline-secondary' : 'btn-outline-success'}`}
                        disabled={busy}
                      >
                        {b.active ? t('console.catalog.takeOff') : t('console.catalog.putOn')}
                      </button>
                    </Fetcher>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Fetcher ref={bundleForm} method="post" action={to('bundle')} className="row g-2 align-items-end">
            <input type="hidden" name="site" value={site} />
            <input type="hidden" name="active" value="true" />
            <div className="col-3">
              <label className="form-label small" htmlFor="bundle-credits">
                {t('console.catalog.credits')}
              </label>
              <input
                id="bundle-credits"
                name="credits"
                type="number"
                min={1}
                required
                className="form-control form-control-sm"
              />
            </div>
            <div className="col-3">
              <label className="form-label small" htmlFor="bundle-currency">
                {t('console.catalog.currency')}
              </label>
              <select
                id="bundle-currency"
                name="currency"
                className="form-select form-select-sm"
                defaultValue="EUR"
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
                name="price"
                type="number"
                min={0.5}
                step={0.01}
                required
                className="form-control form-control-sm"
              />
            </div>
            <div className="col-3">
              <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                {t('console.catalog.setPrice')}
              </button>
            </div>
          </Fetcher>
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
                  <td>{t(`console.catalog.validities.${c.validity}`, c.validity)}</td>
                  <td>{c.uses}</td>
                  <td>
                    {statusLabel(t, 'catalog', c.status)}
                    {c.expires ? ` · ${c.expires.slice(0, 10)}` : ''}
                    {c.status === 'active' ? (
                      <Fetcher method="post" action={to('expire')} className="d-inline">
                        <button
                          type="submit"
                          name="code"
                          value={c.code}
                          className="btn btn-outline-danger btn-sm ms-2"
                          disabled={busy}
                        >
                          {t('console.catalog.end')}
                        </button>
                      </Fetcher>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Fetcher ref={codeForm} method="post" action={to('code')} className="row g-2 align-items-end">
            <input type="hidden" name="site" value={site} />
            <input type="hidden" name="validity" value="once_per_user" />
            <div className="col-4">
              <label className="form-label small" htmlFor="code-name">
                {t('console.catalog.code')}
              </label>
              <input id="code-name" name="code" required className="form-control form-control-sm" />
            </div>
            <div className="col-2">
              <label className="form-label small" htmlFor="code-value">
                %
              </label>
              <input
                id="code-value"
                name="value_percentage"
                type="number"
                min={1}
                max={90}
                required
                className="form-control form-control-sm"
                defaultValue="20"
              />
            </div>
            <div className="col-3">
              <label className="form-label small" htmlFor="code-expires">
                {t('console.catalog.expires')}
              </label>
              <input id="code-expires" name="expires" type="date" className="form-control form-control-sm" />
            </div>
            <div className="col-3">
              <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
                {t('console.catalog.makeCode')}
              </button>
            </div>
          </Fetcher>
        </section>
      </div>
    </>
  )
}

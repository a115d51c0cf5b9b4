import { useState } from 'react'
import { Form, Link, useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import { numberFormat } from '#common/intl.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import type { Route } from './+types/payments'
import { loadPayments } from './admin.server.ts'
import { ActionFeedback, useConsoleAction } from './console-ui.tsx'
import { PaymentStatus } from './member-payments.tsx'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPayments(context, request)
}

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16)

/** /admin/payments: find payments and refund a paid one within the site's refund days. */
export default function Payments({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { q, payments } = loaderData
  const revalidator = useRevalidator()
  const { busy, error, status, run } = useConsoleAction()
  const [reason, setReason] = useState('')
  const money = (cents: number, currency: string) =>
    numberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100)

  const refund = (payment: string) =>
    void run(async () => {
      const done = await callApi(api.refundPayment, { body: { payment, reason }, retries: 0 })
      await revalidator.revalidate()
      return `${t('console.payments.refunded')} ${t('console.members.refunded', { count: done.payment.taken_back })}`
    })

  return (
    <>
      <title>{t('console.payments.title')}</title>
      <h1 className="h4">{t('console.payments.title')}</h1>
      <p className="small text-body-secondary">{t('console.payments.intro')}</p>
      <Form method="get" role="search" className="d-flex gap-2 mb-3" style={{ maxWidth: 560 }}>
        <label className="visually-hidden" htmlFor="payments-q">
          {t('console.payments.query')}
        </label>
        <input
          id="payments-q"
          name="q"
          className="form-control form-control-sm"
          placeholder={t('console.payments.query')}
          defaultValue={q}
        />
        <button type="submit" className="btn btn-primary btn-sm">
          {t('console.payments.search')}
        </button>
      </Form>
      <div className="mb-3" style={{ maxWidth: 560 }}>
        <label className="form-label small" htmlFor="payments-reason">
          {t('console.payments.refundReason')}
        </label>
        <input
          id="payments-reason"
          className="form-control form-control-sm"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <ActionFeedback status={status} error={error} />
      {payments.length === 0 ? (
        <p className="text-body-secondary">{t('console.payments.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm table-striped align-middle small" data-testid="payments-table">
            <thead>
              <tr>
                <th scope="col">{t('console.payments.created')}</th>
                <th scope="col">{t('console.members.reference')}</th>
                <th scope="col">{t('console.payments.member')}</th>
                <th scope="col" className="text-end">
                  {t('console.payments.amount')}
                </th>
                <th scope="col" className="text-end">
                  {t('console.payments.credits')}
                </th>
                <th scope="col">{t('console.payments.method')}</th>
                <th scope="col">{t('console.payments.status')}</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id}>
                  <td className="text-nowrap">{when(p.created_at)}</td>
                  <td className="font-monospace">
                    {p.id}
                    {p.provider_id ? <div className="text-body-secondary">{p.provider_id}</div> : null}
                  </td>
                  <td>
                    <Link
                      to={`/admin/members/${p.user_id}`}
                      aria-label={`${t('console.payments.open')}: ${p.member}`}
                    >
                      {p.member}
                    </Link>
                    <div className="text-body-secondary">{p.email}</div>
                  </td>
                  <td className="text-end text-nowrap">{money(p.amount, p.currency)}</td>
                  <td className="text-end">
                    {p.credits}
                    {p.refunded_credits !== null ? (
                      <div className="text-body-secondary">
                        −{p.refunded_credits} / {p.spent_credits ?? 0}
                      </div>
                    ) : null}
                  </td>
                  <td>{p.method}</td>
                  <PaymentStatus status={p.status} busy={busy} onRefund={() => refund(p.id)} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

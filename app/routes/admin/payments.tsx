import { Form, Link } from 'react-router'
import { api } from '#common/api.ts'
import { formatMoney } from '#common/money.ts'
import { useTranslation } from '../../i18n.ts'
import { step } from '../../lib/call-action.server.ts'
import { useFetcherForm } from '../../lib/page-form.ts'
import type { Route } from './+types/payments'
import { loadPayments } from './admin.server.ts'
import { consoleAction } from './console-action.server.ts'
import { ConsoleTime } from './console-time.tsx'
import { ActionFeedback } from './console-ui.tsx'
import { PaymentStatus } from './member-payments.tsx'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPayments(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return consoleAction(context, request, {
    refund: step({
      call: api.refundPayment,
    }),
  })
}

type Answer = NonNullable<Route.ComponentProps['actionData']>

/** /admin/payments: find payments and refund a paid one within the site's refund days. */
export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { q, payments } = loaderData
  // A refund posts the reason's form (its buttons sit in the table) to the page's action.
  const refunding = useFetcherForm<Answer>('payment-refund', 'refund', actionData)
  const action = `/admin/payments?${new URLSearchParams({ ...(q ? { q } : {}), intent: 'refund' })}`
  const done = refunding.done && refunding.answer?.ok ? refunding.answer.result : null
  const status = done
    ? `${t('console.payments.refunded')} ${t('console.members.refunded', { count: done.payment.taken_back })}`
    : ''
  const money = (cents: number, currency: string) => formatMoney(cents, currency, i18n.language)

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
      <refunding.fetcher.Form
        id="payment-refund"
        method="post"
        action={action}
        className="mb-3"
        style={{ maxWidth: 560 }}
        aria-busy={refunding.busy}
      >
        <label className="form-label small" htmlFor="payments-reason">
          {t('console.payments.refundReason')}
        </label>
        <input
          id="payments-reason"
          name="reason"
          className="form-control form-control-sm"
          defaultValue={refunding.values.reason}
        />
      </refunding.fetcher.Form>
      <ActionFeedback status={status} error={refunding.error} />
      {payments.length === 0 ? (
        <p className="text-body-secondary">{t(q ? 'console.payments.empty' : 'console.payments.none')}</p>
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
                  <td className="text-nowrap">
                    <ConsoleTime at={p.created_at} />
                  </td>
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
                  <td>{t(`payment.methods.${p.method}`, p.method)}</td>
                  <PaymentStatus
                    status={p.status}
                    payment={p.id}
                    refund={{ form: 'payment-refund', action, busy: refunding.busy }}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

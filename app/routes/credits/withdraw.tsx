import { Form, Link } from 'react-router'
import { FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useMoney } from '../../features/credits/money.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'
import { useDateTime } from '../../lib/use-date-time.ts'
import type { Route } from './+types/withdraw'
import { confirmWithdrawal, loadWithdrawal } from './credits.server.ts'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadWithdrawal(context, params.id)
}

export async function action({ context, params }: Route.ActionArgs) {
  return confirmWithdrawal(context, params.id)
}

/**
 * /transactions/{id}/withdraw: the withdrawal function (ADR 32; Consumer Rights Directive, Article
 * 11a). Step one names the purchase and what comes back; step two is the one button that confirms.
 * It works without the page's scripts (the form posts to the page), and once confirmed the same
 * address says the withdrawal was received, and where the refund stands.
 */
export default function Withdraw({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const money = useMoney()
  const form = usePageForm(actionData)
  const date = useDateTime()
  const { view, refusal } = loaderData
  const error = !form.busy && actionData?.ok === false ? actionData.message : null

  return (
    <div className="container py-4" style={{ maxWidth: 640 }}>
      <PageTitle title={t('transactions.withdrawal.title')} />
      {!view ? (
        <div className="card card-body">
          <h1 className="h3">{t('transactions.withdrawal.unavailable')}</h1>
          <p role="alert">{refusal}</p>
          <p className="mb-0">
            <Link to="/transactions">{t('transactions.back')}</Link>
          </p>
        </div>
      ) : view.state === 'open' ? (
        <Form method="post" className="card card-body shadow-sm" aria-busy={form.busy}>
          <h1 className="h3">{t('transactions.withdrawal.title')}</h1>
          <p>
            {t('transactions.withdrawal.purchase', {
              count: view.payment.credits,
              total: money(view.payment.amount, view.payment.currency),
              date: date(view.payment.paid_at),
              id: view.payment.id,
            })}
          </p>
          <p className="lead fw-semibold">
            {t('transactions.withdrawal.back', {
              count: view.refund.credits,
              amount: money(view.refund.amount, view.payment.currency),
            })}
          </p>
          {view.refund.spent > 0 ? (
            <p>{t('transactions.withdrawal.spent', { count: view.refund.spent })}</p>
          ) : null}
          <p className="text-body-secondary">
            {t('transactions.withdrawal.until', { until: date(view.until) })}{' '}
            {t('transactions.withdrawal.how')}
          </p>
          <FormMessage error={error} />
          <div className="d-flex flex-wrap gap-2">
            <SubmitButton busy={form.busy} className="btn btn-danger btn-lg" beforeScripts>
              {t('transactions.withdrawal.confirm')}
            </SubmitButton>
            <Link to="/transactions" className="btn btn-outline-secondary btn-lg">
              {t('transactions.withdrawal.cancel')}
            </Link>
          </div>
        </Form>
      ) : (
        <div className="card card-body" role="status">
          <h1 className="h3">{t('transactions.withdrawal.doneTitle')}</h1>
          <p>{t('transactions.withdrawal.done', { at: date(view.withdrawn_at ?? view.payment.paid_at) })}</p>
          <p className="fw-semibold">
            {t(
              view.state === 'refunded'
                ? 'transactions.withdrawal.refunded'
                : 'transactions.withdrawal.underWay',
              { count: view.refund.credits, amount: money(view.refund.amount, view.payment.currency) },
            )}
          </p>
          <p className="mb-0">
            <Link to="/transactions">{t('transactions.back')}</Link>
          </p>
        </div>
      )}
    </div>
  )
}

import { Form, Link } from 'react-router'
import { FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useMoney } from '../../features/credits/money.tsx'
import { PaymentPageHeading } from '../../features/credits/payment-page-heading.tsx'
import { PaymentStatusPanel } from '../../features/credits/payment-status.tsx'
import { CheckedInField, PurchaseGate } from '../../features/credits/purchase-gate.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'
import type { Route } from './+types/repeat-order'
import { loadRepeatOrder, repeatOrder } from './credits.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRepeatOrder(context, request)
}

export async function action({ context, request }: Route.ActionArgs) {
  return repeatOrder(context, request)
}

/**
 * /credits/repeat-order: the last bundle bought, again, on the saved card, in one step. When the
 * card refuses: 'Recurring credit card failed (enter details manually or use PayPal)'.
 */
export default function RepeatOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const money = useMoney()
  const { offer, payment, gate } = loaderData
  // The button posts to the page's action, which leads to the payment's status on this page.
  const form = usePageForm(actionData)
  const busy = form.busy
  const error = !busy && actionData?.ok === false ? actionData.message : null

  return (
    <div className="container py-4 repeat-order" style={{ maxWidth: 640 }}>
      <PaymentPageHeading title={t('repeatOrder.title')} />
      {payment ? (
        <PaymentStatusPanel
          paymentId={payment.id}
          failedMessage={t('errors.payments.recurring_failed')}
          otherMethods={[
            { method: 'creditcard', href: `/credits/${payment.package}/creditcard` },
            { method: 'paypal', href: `/credits/${payment.package}/paypal` },
          ]}
        />
      ) : offer ? (
        <PurchaseGate gate={gate}>
          <Form method="post" className="card card-body shadow-sm" aria-busy={busy}>
            <CheckedInField gate={gate} />
            <p className="lead">
              {t('repeatOrder.intro', {
                count: offer.credits,
                price: money(offer.amount, offer.currency),
                card: offer.card,
              })}
            </p>
            <FormMessage error={error} />
            <div>
              <SubmitButton
                busy={busy}
                busyLabel={t('repeatOrder.buying')}
                className="btn btn-primary btn-lg"
                beforeScripts
              >
                {t('repeatOrder.buy', { price: money(offer.amount, offer.currency) })}
              </SubmitButton>
            </div>
          </Form>
        </PurchaseGate>
      ) : (
        <div className="alert alert-info" role="status">
          <p>{t('repeatOrder.none')}</p>
          <Link to="/credits" className="btn btn-primary">
            {t('repeatOrder.chooseBundle')}
          </Link>
        </div>
      )}
    </div>
  )
}

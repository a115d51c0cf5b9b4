import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { api } from '#common/api.ts'
import { FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useMoney } from '../../features/credits/money.tsx'
import { PaymentPageHeading } from '../../features/credits/payment-page-heading.tsx'
import { PaymentStatusPanel } from '../../features/credits/payment-status.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import type { Route } from './+types/repeat-order'
import { loadRepeatOrder } from './credits.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRepeatOrder(context, request)
}

/**
 * /credits/repeat-order: the last bundle bought, again, on the saved card, in one step. When the
 * card refuses: 'Recurring credit card failed (enter details manually or use PayPal)'.
 */
export default function RepeatOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const money = useMoney()
  const navigate = useNavigate()
  const { offer, payment } = loaderData
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const buy = async () => {
    setBusy(true)
    setError(null)
    try {
      const created = await callApi(api.repeatOrder, { retries: 0 })
      navigate(`/credits/repeat-order?payment=${created.payment_id}`, { replace: true })
    } catch (failure) {
      setError(apiErrorMessage(failure, t))
    } finally {
      setBusy(false)
    }
  }

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
        <form
          className="card card-body shadow-sm"
          onSubmit={(event) => {
            event.preventDefault()
            void buy()
          }}
          aria-busy={busy}
        >
          <p className="lead">
            {t('repeatOrder.intro', {
              count: offer.credits,
              price: money(offer.amount, offer.currency),
              card: offer.card,
            })}
          </p>
          <FormMessage error={error} />
          <div>
            <SubmitButton busy={busy} busyLabel={t('repeatOrder.buying')} className="btn btn-primary btn-lg">
              {t('repeatOrder.buy', { price: money(offer.amount, offer.currency) })}
            </SubmitButton>
          </div>
        </form>
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

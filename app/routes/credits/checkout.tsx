import { useEffect, useState } from 'react'
import { Link, useFetcher, useNavigate, useSearchParams } from 'react-router'
import { Modal } from '../../components/modal.tsx'
import { DiscountCodeField, useDiscount } from '../../features/credits/discount.tsx'
import { FictionalBeforeBuying } from '../../features/credits/fictional-before-buying.tsx'
import { useMoney } from '../../features/credits/money.tsx'
import { PaymentPageHeading } from '../../features/credits/payment-page-heading.tsx'
import { PaymentStatusPanel } from '../../features/credits/payment-status.tsx'
import { CheckedInField, PurchaseGate } from '../../features/credits/purchase-gate.tsx'
import { useRememberReturn } from '../../features/credits/return-to.ts'
import { useTranslation } from '../../i18n.ts'
import type { FormResult } from '../../lib/page-form.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import type { Route } from './+types/checkout'
import { loadCheckout, startPayment } from './credits.server.ts'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadCheckout(context, request, params)
}

export async function action({ context, request }: Route.ActionArgs) {
  return startPayment(context, request)
}

/**
 * /credits/{id}/{paymentmethod?}: the bundle, the payment methods that fit the member's country,
 * the payment confirm modal, then the provider; back from it, where the payment stands.
 */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const money = useMoney()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const { bundle, methods, gate } = loaderData
  const { user } = useRootData()
  // From the out-of-credits alert: back to the conversation after paying.
  useRememberReturn(true)
  // Past the check-in, a change of method keeps the member's word that they saw it.
  const keep = gate.checkedIn ? '?checked-in=1' : ''
  const [method, setMethod] = useState(loaderData.method)
  // A link to another method (after a failed payment) arrives as new loader data.
  useEffect(() => setMethod(loaderData.method), [loaderData.method])
  const paymentId = params.get('payment')
  const [confirming, setConfirming] = useState(false)
  // The modal's button posts to the page's action, which answers the provider's page (a document
  // load): busy from the post until the browser leaves.
  const payment = useFetcher<FormResult>({ key: 'payment' })
  const busy = payment.state !== 'idle'
  const error = payment.state === 'idle' && payment.data?.ok === false ? payment.data.message : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refusal is what closes the modal
  useEffect(() => {
    if (error) setConfirming(false)
  }, [payment.data])
  const discount = useDiscount({ bundle, method, paused: Boolean(paymentId) })
  const { settling } = discount
  const price = money(discount.amount, bundle.currency)

  return (
    <div className="container py-4 checkout">
      <PaymentPageHeading title={t('checkout.title')} />
      {paymentId ? null : <p className="lead">{t('checkout.summary', { count: bundle.credits, price })}</p>}
      {paymentId || user?.paid_user ? null : <FictionalBeforeBuying />}
      {paymentId ? (
        <PaymentStatusPanel
          paymentId={paymentId}
          otherMethods={methods
            .filter((m) => m !== method)
            .map((m) => ({ method: m, href: `/credits/${bundle.id}/${m}` }))}
        />
      ) : (
        <PurchaseGate gate={gate}>
          <fieldset className="mb-3">
            <legend className="h6">{t('checkout.chooseMethod')}</legend>
            <div className="list-group payment-methods">
              {methods.map((m) => (
                <label
                  key={m}
                  className={`list-group-item d-flex align-items-center gap-2 ${m === method ? 'active' : ''}`}
                >
                  <input
                    type="radio"
                    name="method"
                    className="form-check-input m-0"
                    value={m}
                    checked={m === method}
                    onChange={() => {
                      setMethod(m)
                      navigate(`/credits/${bundle.id}/${m}${keep}`, {
                        replace: true,
                        preventScrollReset: true,
                      })
                    }}
                  />
                  {t(`payment.methods.${m}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <DiscountCodeField discount={discount} before={bundle} />
          {error ? (
            <p className="alert alert-danger" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-primary btn-lg"
            disabled={!hydrated || !method || settling}
            aria-busy={settling || undefined}
            onClick={() => setConfirming(true)}
          >
            {t('checkout.continue')}
          </button>
          {bundle.currency === 'EUR' ? (
            <p className="small mt-3 mb-0">
              <Link to={`/directdebit?package=${bundle.id}`}>{t('directDebit.link')}</Link>
            </p>
          ) : null}
          <p className="small text-body-secondary mt-3">
            {t('pricing.refund', { count: loaderData.refundDays })}
          </p>
        </PurchaseGate>
      )}
      <Modal
        show={confirming}
        onHide={() => !busy && setConfirming(false)}
        centered
        id="payment-confirm-modal"
        locked={busy}
        aria-labelledby="payment-confirm-title"
      >
        <Modal.Header closeButton={!busy} closeLabel={t('likes.close')}>
          <Modal.Title as="h2" className="h5" id="payment-confirm-title">
            {t('checkout.confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            {t('checkout.confirmText', {
              count: bundle.credits,
              price,
              method: method ? t(`payment.methods.${method}`) : '',
            })}
          </p>
          <p className="small text-body-secondary mb-0">{t('checkout.confirmNote')}</p>
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => setConfirming(false)}
            disabled={busy}
          >
            {t('checkout.back')}
          </button>
          <payment.Form method="post" action={`/credits/${bundle.id}/${method ?? ''}`}>
            <CheckedInField gate={gate} />
            <input type="hidden" name="package" value={bundle.id} />
            <input type="hidden" name="method" value={method ?? ''} />
            {discount.discount ? <input type="hidden" name="code" value={discount.discount.code} /> : null}
            <button type="submit" className="btn btn-primary" disabled={busy || !method || settling}>
              {busy ? t('checkout.redirecting') : t('checkout.pay', { price })}
            </button>
          </payment.Form>
        </Modal.Footer>
      </Modal>
    </div>
  )
}

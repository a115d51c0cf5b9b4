import { useEffect, useState } from 'react'
import { Link, useFetcher, useNavigate, useSearchParams } from 'react-router'
import { api } from '#common/api.ts'
import { discounted } from '#common/money.ts'
import type { DiscountCode } from '#common/schemas/credits.ts'
import { Modal } from '../../components/modal.tsx'
import { FictionalBeforeBuying } from '../../features/credits/fictional-before-buying.tsx'
import { useMoney } from '../../features/credits/money.tsx'
import { PaymentPageHeading } from '../../features/credits/payment-page-heading.tsx'
import { PaymentStatusPanel } from '../../features/credits/payment-status.tsx'
import { CheckedInField, PurchaseGate } from '../../features/credits/purchase-gate.tsx'
import { useRememberReturn } from '../../features/credits/return-to.ts'
import { useTimeBonus, useTimeBonusLoading } from '../../features/credits/time-bonus.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
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
  const timeBonus = useTimeBonus()
  const [discount, setDiscount] = useState<DiscountCode | null>(null)
  const [codeInput, setCodeInput] = useState('')
  const [codeError, setCodeError] = useState<string | null>(null)
  // Codes being checked: until each has answered, the price is not settled, and neither Continue
  // nor Pay goes on (a quick click paid the list price while the time bonus's check was on its way).
  const [checking, setChecking] = useState(0)
  const bonusLoading = useTimeBonusLoading()
  const settling = checking > 0 || bonusLoading
  const amount = discount ? discounted(bundle.amount, discount.value_percentage) : bundle.amount
  const price = money(amount, bundle.currency)

  /**
   * Checks a code for this bundle and method. A code the member typed that is refused leaves the
   * discount already applied (the time bonus stays); one checked again for a new method that no
   * longer applies is taken off.
   */
  const applyCode = async (code: string, typed = false) => {
    setCodeError(null)
    setChecking((n) => n + 1)
    try {
      const query = { code, package: bundle.id, method: method ?? undefined }
      setDiscount(await callApi(api.discountCode, { query, retries: 0 }))
      return true
    } catch (failure) {
      if (!typed) setDiscount(null)
      setCodeError(apiErrorMessage(failure, t))
      return false
    } finally {
      setChecking((n) => n - 1)
    }
  }

  // The running time bonus applies by itself; a code the member typed is checked again for a new method.
  const timeBonusCode = timeBonus?.code ?? null
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the method and the time bonus decide when to check again
  useEffect(() => {
    if (paymentId) return
    const code = discount?.code ?? timeBonusCode
    if (!code) return
    void applyCode(code)
  }, [method, timeBonusCode, paymentId])

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
          <form
            className="discount-code mb-3"
            onSubmit={(event) => {
              event.preventDefault()
              if (codeInput.trim()) void applyCode(codeInput.trim(), true)
            }}
          >
            <label htmlFor="discount-code" className="form-label">
              {t('checkout.discountCode')}
            </label>
            <div className="input-group" style={{ maxWidth: 360 }}>
              <input
                id="discount-code"
                className={`form-control ${codeError ? 'is-invalid' : ''}`}
                value={codeInput}
                onChange={(e) => setCodeInput(e.target.value)}
                autoComplete="off"
                aria-describedby={codeError ? 'discount-code-error' : undefined}
              />
              <button type="submit" className="btn btn-outline-primary" disabled={!hydrated}>
                {t('checkout.apply')}
              </button>
            </div>
            {codeError ? (
              <p id="discount-code-error" className="text-danger small mt-1 mb-0" role="alert">
                {codeError}
              </p>
            ) : null}
            {discount ? (
              <p className="text-success small mt-1 mb-0" role="status">
                {t('checkout.discountApplied', {
                  code: discount.code,
                  percent: discount.value_percentage,
                  before: money(bundle.amount, bundle.currency),
                  price,
                })}
              </p>
            ) : null}
          </form>
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
            {discount ? <input type="hidden" name="code" value={discount.code} /> : null}
            <button type="submit" className="btn btn-primary" disabled={busy || !method || settling}>
              {busy ? t('checkout.redirecting') : t('checkout.pay', { price })}
            </button>
          </payment.Form>
        </Modal.Footer>
      </Modal>
    </div>
  )
}

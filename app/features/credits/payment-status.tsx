import { useEffect, useRef, useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import type { PaymentStatusResponse } from '#common/schemas/credits.ts'
import { Toast } from '../../components/toast.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { useMemberConnection } from '../../lib/member-connection.tsx'
import { useMoney } from './money.tsx'
import { returnPath } from './return-to.ts'

const POLL_MS = 1500
const FINAL = new Set(['paid', 'failed', 'canceled', 'expired'])

/**
 * A completed payment: the credits added, and the way on: back to the conversation the member came
 * to buy from (issue 18), else to the members.
 */
function PaidPanel({ credits }: { credits: number }) {
  const { t } = useTranslation()
  const [back] = useState(returnPath)
  return (
    <div className="alert alert-success" role="status">
      <h2 className="h5">{t('payment.completedTitle')}</h2>
      <p className="mb-2">{t('payment.completed', { count: credits })}</p>
      <Link to={back ?? '/members'} className="btn btn-success payment-continue">
        {back ? t('payment.backToChat') : t('payment.continue')}
      </Link>
    </div>
  )
}

/**
 * A payment back from the provider (spec section 4): loading, pending (processing), completed
 * (credits added, a toast) or failed/cancelled with other methods to try.
 */
export function PaymentStatusPanel({
  paymentId,
  otherMethods,
  failedMessage,
}: {
  paymentId: string
  otherMethods: ReadonlyArray<{ method: string; href: string }>
  /** What a failure says, when it is more than 'Payment failed or has been cancelled.' */
  failedMessage?: string
}) {
  const { t } = useTranslation()
  const { onFrame } = useMemberConnection()
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate
  const [payment, setPayment] = useState<PaymentStatusResponse | null>(null)
  const [error, setError] = useState(false)
  const [toast, setToast] = useState(false)
  const money = useMoney()

  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const next = await callApi(api.payment, { query: { id: paymentId } })
        if (stopped) return
        setPayment(next)
        if (next.status === 'paid') {
          setToast(true)
          // The member is Premium now: the navigation and gated photos follow.
          void revalidate.current()
          return
        }
        if (FINAL.has(next.status)) return
      } catch {
        if (!stopped) setError(true)
        return
      }
      timer = setTimeout(poll, POLL_MS)
    }
    void poll()
    const off = onFrame((frame) => {
      if (frame.type === 'payment.updated' && frame.paymentId === paymentId) {
        clearTimeout(timer)
        void poll()
      }
    })
    return () => {
      stopped = true
      clearTimeout(timer)
      off()
    }
  }, [paymentId, onFrame])

  if (error) {
    return (
      <p className="alert alert-danger" role="alert">
        {t('errors.server.error')}
      </p>
    )
  }
  const status = payment?.status ?? 'loading'
  return (
    <section className="payment-status" aria-live="polite" data-status={status}>
      {payment ? (
        <p className="lead">
          {t('checkout.summary', { count: payment.credits, price: money(payment.amount, payment.currency) })}
        </p>
      ) : null}
      {status === 'loading' || status === 'open' ? (
        <p className="alert alert-light d-flex align-items-center gap-2" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          {t('payment.loading')}
        </p>
      ) : null}
      {status === 'pending' ? (
        <p className="alert alert-info d-flex align-items-center gap-2" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          {t('payment.pending')}
        </p>
      ) : null}
      {status === 'paid' && payment ? <PaidPanel credits={payment.credits} /> : null}
      {status === 'failed' || status === 'canceled' || status === 'expired' ? (
        <div className="alert alert-danger" role="alert">
          <p className="fw-semibold">
            {status === 'failed' && failedMessage ? failedMessage : t('errors.payments.failed')}
          </p>
          {otherMethods.length > 0 ? (
            <>
              <p className="mb-2">{t('payment.tryAnother')}</p>
              <ul className="list-inline mb-0">
                {otherMethods.map((m) => (
                  <li key={m.method} className="list-inline-item mb-1">
                    <Link to={m.href} className="btn btn-light border btn-sm">
                      {t(`payment.methods.${m.method}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <Toast show={toast} onClose={() => setToast(false)} delay={6000} className="border-success">
        <span className="text-success-emphasis fw-semibold">
          {t('payment.toast', { count: payment?.credits ?? 0 })}
        </span>
      </Toast>
    </section>
  )
}

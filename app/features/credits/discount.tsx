import { useEffect, useState } from 'react'
import { api } from '#common/api.ts'
import { discounted } from '#common/money.ts'
import type { PAYMENT_METHODS } from '#common/payment-methods.ts'
import type { DiscountCode } from '#common/schemas/credits.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { useMoney } from './money.tsx'
import { useTimeBonus, useTimeBonusLoading } from './time-bonus.tsx'

/** The order a discount is checked against: the bundle and the payment method, when chosen. */
interface Order {
  bundle: { id: number; amount: number; currency: string } | null
  method: (typeof PAYMENT_METHODS)[number] | null
  /** A payment already under way: nothing is checked. */
  paused?: boolean
}

/**
 * The discount on a purchase, for every page that takes one (the checkout, direct debit): the
 * running time bonus applies by itself; a code the member types is checked for the bundle and
 * method, and again when either changes. Until every check has answered, the price is not settled
 * (`settling`), and the page's pay buttons wait: a quick click paid the list price while the time
 * bonus's check was on its way.
 */
export function useDiscount({ bundle, method, paused = false }: Order) {
  const { t } = useTranslation()
  const timeBonus = useTimeBonus()
  const bonusLoading = useTimeBonusLoading()
  const [discount, setDiscount] = useState<DiscountCode | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [checking, setChecking] = useState(0)
  const amount =
    bundle && discount ? discounted(bundle.amount, discount.value_percentage) : (bundle?.amount ?? 0)

  /**
   * Checks a code for this bundle and method. A code the member typed that is refused leaves the
   * discount already applied (the time bonus stays); one checked again for a new bundle or method
   * that no longer applies is taken off.
   */
  const apply = async (code: string, typed = false) => {
    if (!bundle) return
    setError(null)
    setChecking((n) => n + 1)
    try {
      const query = { code, package: bundle.id, method: method ?? undefined }
      setDiscount(await callApi(api.discountCode, { query, retries: 0 }))
    } catch (failure) {
      if (!typed) setDiscount(null)
      setError(apiErrorMessage(failure, t))
    } finally {
      setChecking((n) => n - 1)
    }
  }

  const timeBonusCode = timeBonus?.code ?? null
  // biome-ignore lint/correctness/useExhaustiveDependencies: the bundle, the method and the time bonus decide when to check again
  useEffect(() => {
    if (paused) return
    const code = discount?.code ?? timeBonusCode
    if (code) void apply(code)
  }, [bundle?.id, method, timeBonusCode, paused])

  return { discount, amount, error, apply, settling: checking > 0 || bonusLoading }
}

/**
 * The discount code field and what the applied discount takes off. Not a form of its own, so it
 * may sit inside the page's form: Enter or Apply checks the code, and never sends the page's form.
 */
export function DiscountCodeField({
  discount,
  before,
}: {
  discount: ReturnType<typeof useDiscount>
  /** The bundle's list price, in cents of its currency. */
  before: { amount: number; currency: string }
}) {
  const { t } = useTranslation()
  const money = useMoney()
  const hydrated = useHydrated()
  const [typed, setTyped] = useState('')
  const submit = () => {
    if (typed.trim()) void discount.apply(typed.trim(), true)
  }
  const applied = discount.discount
  return (
    <div className="discount-code mb-3">
      <label htmlFor="discount-code" className="form-label">
        {t('checkout.discountCode')}
      </label>
      <div className="input-group" style={{ maxWidth: 360 }}>
        <input
          id="discount-code"
          className={`form-control ${discount.error ? 'is-invalid' : ''}`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            e.preventDefault()
            submit()
          }}
          autoComplete="off"
          aria-describedby={discount.error ? 'discount-code-error' : undefined}
        />
        <button type="button" className="btn btn-outline-primary" disabled={!hydrated} onClick={submit}>
          {t('checkout.apply')}
        </button>
      </div>
      {discount.error ? (
        <p id="discount-code-error" className="text-danger small mt-1 mb-0" role="alert">
          {discount.error}
        </p>
      ) : null}
      {applied ? (
        <p className="text-success small mt-1 mb-0" role="status">
          {t('checkout.discountApplied', {
            code: applied.code,
            percent: applied.value_percentage,
            before: money(before.amount, before.currency),
            price: money(discount.amount, before.currency),
          })}
        </p>
      ) : null}
    </div>
  )
}

import { moneyOfCredits, type PaidKind } from '#common/credit-value.ts'
import { numberFormat } from '#common/intl.ts'
import { discounted, formatMoney, type MoneyTable, moneyKey } from '#common/money.ts'
import { useTranslation } from '../../i18n.ts'
import { useMember } from '../../lib/member.tsx'
import { useRootData } from '../../lib/use-root-data.ts'

/** Money in the member's language; the amounts a server formatted ahead (`table`) taken as they are. */
export function useMoney(table?: MoneyTable) {
  const { i18n } = useTranslation()
  return (cents: number, currency: string) =>
    table?.[moneyKey(cents, currency)] ?? formatMoney(cents, currency, i18n.language)
}

/**
 * What a number of credits is worth to this member ("€4.25"), by the same rule as every price in
 * credits (common/credit-value.ts); null on a site that sells nothing to price it with.
 */
export function useCreditsWorth() {
  const { user } = useMember()
  const money = useMoney()
  const value = user?.credit_value ?? null
  return (credits: number) => (value ? money(moneyOfCredits(value, credits), value.currency) : null)
}

/**
 * The money of a paid kind's price in credits for this member ("€1.00"), from the one rule
 * (common/credit-value.ts, ADR 32) as the root loader formatted it; words pointing to the credits
 * page on a site that sells nothing to price it with.
 */
export function useCreditPrice() {
  const { creditPrices } = useRootData()
  const { t } = useTranslation()
  return (kind: PaidKind) => creditPrices?.[kind] ?? t('credits.unpriced')
}

/** The price of one credit, to a tenth of a cent. */
export function usePerCredit() {
  const { i18n } = useTranslation()
  return (cents: number, credits: number, currency: string) =>
    numberFormat(i18n.language, { style: 'currency', currency, maximumFractionDigits: 3 }).format(
      cents / credits / 100,
    )
}

/**
 * A bundle's price: while a discount runs, the list price crossed out on a line of its own above the
 * price paid, alike in every card at every width (both named for screen readers, which do not announce
 * a strike-through). No price is split from its currency: the card's break-word once put "14,96" and
 * "€" on two lines.
 */
export function BundlePrice({
  bundle,
  bonus,
}: {
  bundle: { amount: number; currency: string }
  bonus: { percentage: number } | null
}) {
  const { t } = useTranslation()
  const money = useMoney()
  if (!bonus)
    return <p className="display-6 fw-semibold text-nowrap mb-1">{money(bundle.amount, bundle.currency)}</p>
  return (
    <p className="mb-1 bundle-price-discounted">
      <del className="d-block text-body-secondary text-nowrap list-price">
        <span className="visually-hidden">{t('credits.listPrice')} </span>
        {money(bundle.amount, bundle.currency)}
      </del>
      <span className="display-6 fw-semibold text-success-emphasis text-nowrap discounted-price">
        <span className="visually-hidden">{t('credits.nowPrice')} </span>
        {money(discounted(bundle.amount, bonus.percentage), bundle.currency)}
      </span>
    </p>
  )
}

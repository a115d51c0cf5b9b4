import { useTranslation } from 'react-i18next'
import { formatMoney } from '#common/money.ts'

/** Money in the member's language. */
export function useMoney() {
  const { i18n } = useTranslation()
  return (cents: number, currency: string) => formatMoney(cents, currency, i18n.language)
}

/** The price of one credit, to a tenth of a cent. */
export function usePerCredit() {
  const { i18n } = useTranslation()
  return (cents: number, credits: number, currency: string) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency, maximumFractionDigits: 3 }).format(
      cents / credits / 100,
    )
}

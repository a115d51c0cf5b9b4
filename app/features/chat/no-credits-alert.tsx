import { Link } from 'react-router'
import { coveringBundle, type PaidKind } from '#common/credit-value.ts'
import { useTranslation } from '../../i18n.ts'
import { useDateTime } from '../../lib/use-date-time.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { creditsFrom, useCreditPrice } from '../credits/index.ts'

/**
 * A message, gift or photo refused for want of credits (ADR 32): what it costs in credits and
 * money, the smallest bundle that covers what is missing, straight to its checkout and back here,
 * and all the bundles; during a break from purchases, no offer: until when the break runs, and the
 * limits page.
 */
export function NoCreditsAlert({
  kind,
  cost,
  credits,
  returnTo,
  breakUntil,
}: {
  kind: PaidKind
  cost: number
  credits: number
  returnTo: string
  /** Until when the member takes a break from purchases (ISO), or null. */
  breakUntil: string | null
}) {
  const { t } = useTranslation()
  const { memberBundles } = useRootData()
  const creditPrice = useCreditPrice()
  const dateTime = useDateTime()
  const covering = breakUntil
    ? null
    : coveringBundle(memberBundles ?? [], memberBundles?.[0]?.currency ?? '', cost - credits)
  return (
    <div className="alert alert-warning m-2 mb-0 d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="me-auto">
        {t(`chat.noCreditsFor.${kind}`, { money: creditPrice(kind), count: cost })}
        {covering ? ` ${t('chat.covering', { count: covering.credits, price: covering.price })}` : null}
        {breakUntil ? ` ${t('spending.onBreak', { date: dateTime(breakUntil) })}` : null}
      </span>
      {breakUntil ? (
        <Link to="/credits/limits" className="btn btn-outline-primary btn-sm">
          {t('spending.link')}
        </Link>
      ) : (
        <>
          {covering ? (
            <Link
              to={`/credits/${covering.id}?return=${encodeURIComponent(returnTo)}`}
              className="btn btn-primary btn-sm"
            >
              {t('chat.coveringBuy', { count: covering.credits, price: covering.price })}
            </Link>
          ) : null}
          <Link
            to={creditsFrom(returnTo)}
            className={`btn btn-sm ${covering ? 'btn-outline-primary' : 'btn-primary'}`}
          >
            {t('chat.buyCredits')}
          </Link>
        </>
      )}
    </div>
  )
}

import { Link } from 'react-router'
import { coveringBundle, type PaidKind } from '#common/credit-value.ts'
import { dateTimeFormat } from '#common/intl.ts'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { creditsFrom, useCreditPrice } from '../credits/index.ts'

/**
 * A message, gift or photo refused for want of credits (ADR 32): what it costs in credits and
 * money, the smallest bundle that covers what is missing, straight to its checkout and back here,
 * and all the bundles; during a break from purchases, only until when the break runs.
 */
export function NoCreditsAlert({
  kind,
  credits,
  returnTo,
}: {
  kind: PaidKind
  credits: number
  returnTo: string
}) {
  const { t, i18n } = useTranslation()
  const { settings, memberBundles, purchaseBreakUntil } = useRootData()
  const creditPrice = useCreditPrice()
  const cost = { text: settings.message_credits, gift: settings.gift_credits, photo: settings.photo_credits }[
    kind
  ]
  const covering = purchaseBreakUntil
    ? null
    : coveringBundle(memberBundles ?? [], memberBundles?.[0]?.currency ?? '', cost - credits)
  return (
    <div className="alert alert-warning m-2 mb-0 d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="me-auto">
        {t(`chat.noCreditsFor.${kind}`, { money: creditPrice(kind), count: cost })}
        {covering ? ` ${t('chat.covering', { count: covering.credits, price: covering.price })}` : null}
        {purchaseBreakUntil
          ? ` ${t('spending.onBreak', {
              date: dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
                new Date(purchaseBreakUntil),
              ),
            })}`
          : null}
      </span>
      {purchaseBreakUntil ? (
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

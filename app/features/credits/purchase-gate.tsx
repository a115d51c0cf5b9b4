import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import type { CheckInReason } from '#common/spending.ts'
import { useTranslation } from '../../i18n.ts'
import { useDateTime } from '../../lib/use-date-time.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { useMoney } from './money.tsx'

/** What a purchase page's loader says of the member's limits (app/routes/credits/credits.server.ts). */
interface GateData {
  currency: string
  month: { spent: number }
  limit: { amount: number; currency: string; left: number } | null
  break_until: string | null
  check_in: CheckInReason[]
  checkedIn: boolean
}

/** The hidden field a purchase form carries once the member went on past the check-in. */
export function CheckedInField({ gate }: { gate: GateData | null }) {
  return gate?.checkedIn ? <input type="hidden" name="checked_in" value="1" /> : null
}

/**
 * What stands before a purchase (issue 54, point 4; ADR 32): during a break, the break and nothing
 * to buy; when the recent purchases follow a pattern the site calls risky, a calm check-in with the
 * limit and the break one tap away, and the way on to the purchase; otherwise the purchase itself.
 */
export function PurchaseGate({ gate, children }: { gate: GateData | null; children: ReactNode }) {
  const { t } = useTranslation()
  const money = useMoney()
  const dateTime = useDateTime()
  const { settings } = useRootData()
  const location = useLocation()
  if (!gate) return children
  if (gate.break_until) {
    return (
      <div className="alert alert-info" role="status" data-testid="purchase-break">
        <p>{t('spending.onBreak', { date: dateTime(gate.break_until) })}</p>
        <Link to="/credits/limits" className="alert-link">
          {t('spending.link')}
        </Link>
      </div>
    )
  }
  if (gate.check_in.length === 0 || gate.checkedIn) return children
  const on = new URLSearchParams(location.search)
  on.set('checked-in', '1')
  return (
    <section
      className="card card-body shadow-sm check-in"
      aria-labelledby="check-in-title"
      data-testid="check-in"
    >
      <h2 className="h4" id="check-in-title">
        {t('spending.checkIn.title')}
      </h2>
      <p>{t('spending.checkIn.intro')}</p>
      <ul>
        {gate.check_in.map((reason) => (
          <li key={reason}>
            {t(`spending.checkIn.reasons.${reason}`, {
              amount: money(settings.check_in_day_amount * 100, gate.currency),
              count:
                reason === 'hour_purchases'
                  ? settings.check_in_hour_purchases
                  : settings.check_in_late_nights,
            })}
          </li>
        ))}
      </ul>
      <p>
        {gate.limit
          ? t('spending.limitIs', {
              limit: money(gate.limit.amount, gate.limit.currency),
              left: money(gate.limit.left, gate.limit.currency),
            })
          : t('spending.thisMonth', { amount: money(gate.month.spent, gate.currency) })}
      </p>
      <p>{t('spending.checkIn.offer')}</p>
      <div className="d-flex flex-wrap gap-2">
        <Link to="/credits/limits#limit" className="btn btn-primary">
          {t('spending.checkIn.setLimit')}
        </Link>
        <Link to="/credits/limits#break" className="btn btn-outline-primary">
          {t('spending.checkIn.takeBreak')}
        </Link>
        <Link to={`${location.pathname}?${on}`} className="btn btn-link" data-testid="check-in-continue">
          {t('spending.checkIn.continue')}
        </Link>
      </div>
    </section>
  )
}

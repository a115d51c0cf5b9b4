import { dateTimeFormat } from '#common/intl.ts'
import { formatMoney } from '#common/money.ts'
import { CHECK_IN_QUIET_MS, type CheckInReason, LIMIT_RAISE_DELAY_MS } from '#common/spending.ts'
import type { Db, Executor } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { monthBounds, timeZoneOf } from '#server/lib/time-zone.ts'
import { recordAudit } from '#server/modules/audit/audit.service.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import { CHECK_IN_LOOKBACK_MS, checkInReasons } from './check-in.ts'
import { createFictionalReminders } from './fictional-reminder.ts'
import { emptyLimits, limitAt, settled, summary } from './limits.ts'
import {
  type LimitsRow,
  saveLimits,
  selectLimits,
  selectMember,
  selectRecentPurchases,
  selectSpent,
} from './spending.queries.ts'

export type SpendingService = ReturnType<typeof createSpendingService>

/** Who changes their limits: the member, as the audit log names them. */
interface SpendingActor {
  userId: number
  ip: string | null
}

/** What /credits/limits shows: this month's spending, the limit, a raise waiting, a break. */
interface SpendingView {
  /** The member's currency now (of the bundles they are offered). */
  currency: string
  /** Where this month began (the member's time) and what was spent since, in `currency`. */
  month: { from: string; spent: number }
  /** Spent this month in other currencies (a member who moved), in cents of each. */
  others: Array<{ currency: string; amount: number }>
  /** The monthly limit that holds now, in cents of its currency; null: none. */
  limit: { amount: number; currency: string; left: number } | null
  /** A higher limit (amount null: none) waiting its 24 hours, and when it holds. */
  pending: { amount: number | null; currency: string; from: string } | null
  /** Until when purchases are paused; null: no break. */
  break_until: string | null
  /** The patterns that show a check-in before the next purchase now (none after a recent one). */
  check_in: CheckInReason[]
}

/**
 * Limits a member sets on their own spending (issue 54, point 4; ADR 32): a monthly limit (lower at
 * once, higher after 24 hours), a break of 1, 7 or 30 days, and a calm check-in before a purchase
 * when the recent ones follow a pattern the site's settings call risky. Every purchase passes
 * `assertMayBuy` in the transaction that records it; every change is audited.
 */
export function createSpendingService(db: Db, deps: { now: Clock }) {
  async function memberOf(tx: Executor, userId: number) {
    const member = await selectMember(tx, userId)
    if (!member) throw new AppError('member.not_found', 404)
    return { ...member, timeZone: timeZoneOf(member.timeZone, member.country) }
  }

  async function spentThisMonth(tx: Executor, userId: number, timeZone: string, at: Date) {
    const month = monthBounds(at, timeZone)
    return { from: month.start, spent: await selectSpent(tx, userId, month.start) }
  }

  async function dueCheckIn(
    tx: Executor,
    row: LimitsRow | null,
    site: Site,
    userId: number,
    at: Date,
    timeZone: string,
  ) {
    if (row?.checkedInAt && row.checkedInAt.getTime() > at.getTime() - CHECK_IN_QUIET_MS) return []
    const purchases = await selectRecentPurchases(tx, userId, new Date(at.getTime() - CHECK_IN_LOOKBACK_MS))
    return checkInReasons(purchases, site.settings, at, timeZone)
  }

  async function view(tx: Executor, userId: number, site: Site, currency: string): Promise<SpendingView> {
    const at = deps.now()
    const member = await memberOf(tx, userId)
    const row = await selectLimits(tx, userId)
    const limit = limitAt(row, at)
    const month = await spentThisMonth(tx, userId, member.timeZone, at)
    const spentIn = (c: string) => month.spent.find((s) => s.currency === c)?.amount ?? 0
    return {
      currency,
      month: { from: month.from.toISOString(), spent: spentIn(currency) },
      others: month.spent.filter((s) => s.currency !== currency),
      limit:
        limit.amount === null || limit.currency === null
          ? null
          : {
              amount: limit.amount,
              currency: limit.currency,
              left: Math.max(0, limit.amount - spentIn(limit.currency)),
            },
      pending: limit.pending ? { ...limit.pending, from: limit.pending.from.toISOString() } : null,
      break_until: row?.breakUntil && row.breakUntil > at ? row.breakUntil.toISOString() : null,
      check_in: await dueCheckIn(tx, row, site, userId, at, member.timeZone),
    }
  }

  /** A change of the member's limits, written and audited in one transaction; then where they stand. */
  async function change(
    actor: SpendingActor,
    site: Site,
    currency: string,
    /** The member's row as it stands (a first one made empty); null when nothing changes. */
    apply: (row: LimitsRow, at: Date) => LimitsRow | null,
    audit: 'spending.limit' | 'spending.break',
  ): Promise<SpendingView> {
    return db.transaction(async (tx) => {
      const at = deps.now()
      const member = await memberOf(tx, actor.userId)
      const before = await selectLimits(tx, actor.userId, true)
      const after = apply(before ? settled(before, at) : emptyLimits(actor.userId, currency, at), at)
      if (after) {
        await saveLimits(tx, after)
        await recordAudit(tx, { staffId: null, email: member.email, role: 'member', ip: actor.ip }, at, {
          action: audit,
          target: { type: 'user', id: actor.userId },
          before: before ? summary(before) : null,
          after: summary(after),
        })
      }
      return view(tx, actor.userId, site, currency)
    })
  }

  return {
    /** /credits/limits: where the member's spending and limits stand. */
    view: (userId: number, site: Site, currency: string) => view(db, userId, site, currency),

    /**
     * A monthly limit in cents of the member's currency (null: none). Lower than the one that holds
     * (or the first one), it holds at once and cancels a raise waiting; higher, none, or in another
     * currency, it waits 24 hours, the limit before it holding until then.
     */
    setLimit(actor: SpendingActor, site: Site, currency: string, amount: number | null) {
      return change(
        actor,
        site,
        currency,
        (base, at) => {
          const now = limitAt(base, at)
          const lower =
            amount !== null && (now.amount === null || (now.currency === currency && amount <= now.amount))
          if (lower) {
            return {
              ...base,
              monthlyLimit: amount,
              currency,
              pendingLimit: null,
              pendingCurrency: null,
              pendingFrom: null,
              updatedAt: at,
            }
          }
          if (now.amount === null && amount === null) return null // no limit, none asked: nothing changes
          return {
            ...base,
            monthlyLimit: now.amount,
            currency: now.currency ?? currency,
            pendingLimit: amount,
            pendingCurrency: currency,
            pendingFrom: new Date(at.getTime() + LIMIT_RAISE_DELAY_MS),
            updatedAt: at,
          }
        },
        'spending.limit',
      )
    },

    /** A break from purchases of `days` days; a break under way is lengthened, never shortened. */
    takeBreak(actor: SpendingActor, site: Site, currency: string, days: number) {
      return change(
        actor,
        site,
        currency,
        (base, at) => {
          const until = new Date(at.getTime() + days * 24 * 60 * 60 * 1000)
          if (base.breakUntil && base.breakUntil >= until) return null
          return { ...base, breakUntil: until, updatedAt: at }
        },
        'spending.break',
      )
    },

    ...createFictionalReminders(db, deps.now),

    /** Until when the member is on a break (nothing is sold to them meanwhile), or null. */
    async breakUntil(userId: number): Promise<Date | null> {
      const row = await selectLimits(db, userId)
      return row?.breakUntil && row.breakUntil > deps.now() ? row.breakUntil : null
    },

    /**
     * Every purchase, in the transaction that records it (before its row is written): refused
     * during a break, past the monthly limit, or in another currency than the limit's; and, when a
     * check-in is due, until the member has seen it and goes on (`checkedIn`), which is recorded.
     */
    async assertMayBuy(
      tx: Executor,
      order: { userId: number; amount: number; currency: string; checkedIn: boolean; ip: string | null },
      site: Site,
      locale: string,
    ): Promise<void> {
      const at = deps.now()
      const member = await memberOf(tx, order.userId)
      const row = await selectLimits(tx, order.userId, true)
      if (row?.breakUntil && row.breakUntil > at) {
        throw new AppError('spending.on_break', 403, {
          until: dateTime(row.breakUntil, locale, member.timeZone),
        })
      }
      const limit = limitAt(row, at)
      if (limit.amount !== null && limit.currency !== null) {
        if (order.currency !== limit.currency)
          throw new AppError('spending.limit_currency', 409, { currency: limit.currency })
        const { spent } = await spentThisMonth(tx, order.userId, member.timeZone, at)
        const used = spent.find((s) => s.currency === limit.currency)?.amount ?? 0
        if (used + order.amount > limit.amount) {
          throw new AppError('spending.limit_reached', 409, {
            limit: formatMoney(limit.amount, limit.currency, locale),
            left: formatMoney(Math.max(0, limit.amount - used), limit.currency, locale),
          })
        }
      }
      const reasons = await dueCheckIn(tx, row, site, order.userId, at, member.timeZone)
      if (reasons.length === 0) return
      if (!order.checkedIn) throw new AppError('spending.check_in', 409)
      const base = row ?? emptyLimits(order.userId, order.currency, at)
      await saveLimits(tx, { ...base, checkedInAt: at, updatedAt: at })
      await recordAudit(tx, { staffId: null, email: member.email, role: 'member', ip: order.ip }, at, {
        action: 'spending.check_in',
        target: { type: 'user', id: order.userId },
        after: { reasons },
      })
    },
  }
}

function dateTime(at: Date, locale: string, timeZone: string) {
  return dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(at)
}

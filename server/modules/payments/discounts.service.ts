import { randomBytes } from 'node:crypto'
import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_SECONDS } from '#common/constants.ts'
import { formatMoney } from '#common/money.ts'
import type { DiscountCode } from '#common/schemas/credits.ts'
import type { Db, Executor } from '#server/db/client.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import type { SpendingService } from '#server/modules/spending/spending.service.ts'
import {
  type DiscountRow,
  insertDiscount,
  reserveDiscount,
  selectBuyer,
  selectDiscount,
  selectOwnCode,
  selectRedeemed,
} from './discounts.queries.ts'
import { lockMember } from './mandates.queries.ts'

export type DiscountsService = ReturnType<typeof createDiscountsService>

/**
 * A single-use code is held by the payment being written from now on, in its transaction: a second
 * payment is refused it. An unlimited code (or none) holds nothing.
 */
export async function holdDiscount(
  tx: Executor,
  discount: Pick<DiscountCode, 'code' | 'validity'> | null,
  userId: number,
  paymentId: string,
) {
  if (!discount || discount.validity === 'unlimited') return
  const once = discount.validity === 'once'
  if (!(await reserveDiscount(tx, { code: discount.code, userId, paymentId, once }))) {
    throw new AppError('discount.used', 409)
  }
}

/** How long the discount offered to a member who starts deleting the account stays valid. */
const STAY_OFFER_DAYS = 7

/** The order a code is checked against. */
interface Order {
  amount: number
  currency: string
  method?: string
}

/**
 * Discount codes (spec sections 1, 3, 5 and 9): the rules of each code, and the welcome time bonus
 * TIMEBONUS25 (25 %, once per member, for an unpaid member within 14,400 s of signing up). Nothing
 * is offered to a member on a break from purchases (ADR 32): neither the bonus nor the discount to
 * stay, whichever door asks.
 */
export function createDiscountsService(
  db: Db,
  deps: { now: Clock; spending: Pick<SpendingService, 'breakUntil'> },
) {
  const { now, spending } = deps

  const offering = async (userId: number) => (await spending.breakUntil(userId)) === null
  const notOnBreak = async (userId: number) => {
    if (!(await offering(userId))) throw new AppError('discount.not_found', 404)
  }

  const view = (row: DiscountRow, expires: Date | null): DiscountCode => ({
    code: row.code,
    country: row.country,
    user_id: row.userId,
    expires: expires?.toISOString() ?? null,
    value_percentage: row.valuePercentage,
    currency: row.currency,
    minimum_order_value: row.minimumOrderValue,
    status: row.status,
    validity: row.validity,
    expired: expires !== null && expires <= now(),
    expires_in:
      expires === null ? null : Math.max(0, Math.floor((expires.getTime() - now().getTime()) / 1000)),
    paymentmethods: row.paymentMethods,
  })

  /** Checks a code for the member (and the order, when given); answers it, or the spec's errors. */
  async function check(
    userId: number,
    code: string,
    order: Order | null,
    locale = 'en',
  ): Promise<DiscountCode> {
    const [row, buyer] = await Promise.all([selectDiscount(db, code), selectBuyer(db, userId)])
    if (!buyer) throw new AppError('authentication_required', 403)
    if (!row) throw new AppError('discount.not_found', 404)
    if (row.status !== 'active') throw new AppError('discount.not_found', 404)
    if (row.siteId !== null && row.siteId !== buyer.siteId) throw new AppError('discount.not_found', 404)
    if (row.userId !== null && row.userId !== userId) throw new AppError('discount.not_found', 404)
    const timeBonus = row.code === TIME_BONUS_CODE
    const expires = timeBonus
      ? new Date(buyer.signupDate.getTime() + TIME_BONUS_WINDOW_SECONDS * 1000)
      : row.expires
    if (timeBonus && buyer.paid) throw new AppError('discount.first_purchase_only', 409)
    const oncePerUser = row.validity === 'once_per_user'
    if (
      row.validity !== 'unlimited' &&
      (await selectRedeemed(db, row.code, oncePerUser ? userId : null, userId))
    ) {
      throw new AppError('discount.used', 409)
    }
    if (expires && expires <= now()) throw new AppError('discount.expired', 410)
    if (row.country && row.country !== buyer.country) throw new AppError('discount.country', 409)
    if (order) {
      if (row.currency && row.currency !== order.currency) throw new AppError('discount.currency', 409)
      if (row.minimumOrderValue !== null && order.amount < row.minimumOrderValue) {
        throw new AppError('discount.minimum', 409, {
          amount: formatMoney(row.minimumOrderValue, row.currency ?? order.currency, locale),
        })
      }
      if (order.method && row.paymentMethods && !row.paymentMethods.includes(order.method)) {
        throw new AppError('discount.method', 409)
      }
    }
    return view(row, expires)
  }

  return {
    check,

    /** Whether anything may be offered to the member now (not during a break from purchases). */
    offering,

    /** GET /api/discountcode.php?welcome=true: the time bonus while the member may still use it. */
    async welcome(userId: number): Promise<DiscountCode> {
      await notOnBreak(userId)
      return check(userId, TIME_BONUS_CODE, null)
    },

    /**
     * POST /api/discountcode.php {offer: "stay"}: a member who starts deleting the account is offered
     * the company's delete_discount first, as a code of their own, once, for a week.
     */
    async stayOffer(userId: number, site: { id: number; company: { delete_discount: number | null } }) {
      const percentage = site.company.delete_discount ?? 0
      if (percentage <= 0) throw new AppError('discount.not_found', 404)
      await notOnBreak(userId)
      const prefix = `STAY${percentage}-`
      // Once per member: asked again, the same code; used or expired, no new one.
      const row = await db.transaction(async (tx) => {
        await lockMember(tx, userId)
        const existing = await selectOwnCode(tx, userId, prefix)
        if (existing) {
          if (await selectRedeemed(tx, existing.code, userId)) throw new AppError('discount.used', 409)
          if (existing.expires && existing.expires <= now()) throw new AppError('discount.expired', 410)
          return existing
        }
        return insertDiscount(tx, {
          code: `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`,
          siteId: site.id,
          userId,
          valuePercentage: percentage,
          validity: 'once',
          expires: shifted(now(), STAY_OFFER_DAYS * DAY_MS),
          createdAt: now(),
        })
      })
      return view(row, row.expires)
    },
  }
}

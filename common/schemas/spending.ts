import { z } from 'zod'
import { BREAK_DAYS, MAX_MONTHLY_LIMIT } from '../spending.ts'

/**
 * /credits/limits (ADR 32): a monthly limit in whole units of the member's currency, or none
 * (an empty field); the page turns it into cents.
 */
export const SpendingLimitInput = z.object({
  limit: z.union(
    [
      z.literal('').transform(() => null),
      z.coerce
        .number({ error: 'limit_invalid' })
        .int({ error: 'limit_invalid' })
        .min(1, { error: 'limit_invalid' })
        .max(MAX_MONTHLY_LIMIT, { error: 'limit_invalid' }),
    ],
    { error: 'limit_invalid' },
  ),
})

/** /credits/limits: a break from purchases of 1, 7 or 30 days. */
export const SpendingBreakInput = z.object({
  days: z.coerce.number({ error: 'break_invalid' }).pipe(
    z.union(
      BREAK_DAYS.map((d) => z.literal(d)),
      { error: 'break_invalid' },
    ),
  ),
})

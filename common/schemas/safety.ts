import { z } from 'zod'
import { SIGNAL_KINDS } from '../moderation.ts'
import { SAFETY_EVENTS, SAFETY_RULES } from '../safety.ts'
import { Day, STATS_MAX_DAYS } from './statistics.ts'

/** GET /api/admin/safety-stats.php: the safety rules' figures from `from` to `to`, both included. */
export const SafetyStatsQuery = z
  .object({
    from: Day,
    to: Day,
    site: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((q) => q.from <= q.to, { error: 'range_reversed', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STATS_MAX_DAYS, {
    error: 'range_too_long',
    path: ['to'],
  })
export type SafetyStatsQuery = z.infer<typeof SafetyStatsQuery>

/** One rule's precision: of what it found that moderators decided, how much they agreed with. */
export const RulePrecision = z.object({
  rule: z.union([z.enum(SAFETY_RULES), z.enum(SIGNAL_KINDS)]),
  decided: z.number().int(),
  agreed: z.number().int(),
  /** agreed / decided, or null when nothing was decided. */
  precision: z.number().nullable(),
})
export type RulePrecision = z.infer<typeof RulePrecision>

export const SafetyStatsResponse = z.object({
  counts: z.record(z.enum(SAFETY_EVENTS), z.number().int()),
  rules: z.array(RulePrecision),
})
export type SafetyStatsResponse = z.infer<typeof SafetyStatsResponse>

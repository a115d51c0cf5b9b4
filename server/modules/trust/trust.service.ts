import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { Site } from '#server/modules/sites/sites.service.ts'
import {
  selectOperatorAnswers,
  selectProfileCounts,
  selectRefundsPaid,
  selectReportsDecided,
} from './trust.queries.ts'

/** How far back the figures of a period look. */
const TRUST_WINDOW_DAYS = 30

/** What /pages/trust shows: every figure counted now, from the database, with its period. */
interface TrustFigures {
  /** When they were counted, and where their 30 days begin. */
  at: string
  since: string
  profiles: { total: number; fictional: number; real: number; verified: number }
  operators: { answers: number; median_seconds: number | null }
  money: Array<{
    currency: string
    withdrawals: number
    withdrawn: number
    refunds: number
    refunded: number
  }>
  reports: { decided: number; median_seconds: number | null }
}

/**
 * The trust page's figures (issue 54, point 10; ADR 32): the share of fictional profiles, the
 * operators' median answer time, withdrawals and refunds paid, reports decided and how fast, the
 * share of verified members. None is typed by hand: each is a count of the rows it is about.
 */
export function createTrustService(db: Db, deps: { now: Clock }) {
  return {
    async figures(site: Site): Promise<TrustFigures> {
      const at = deps.now()
      const since = new Date(at.getTime() - TRUST_WINDOW_DAYS * 24 * 60 * 60 * 1000)
      const [profiles, operators, money, reports] = await Promise.all([
        selectProfileCounts(db, site.id),
        selectOperatorAnswers(db, site.id, since),
        selectRefundsPaid(db, site.id, since),
        selectReportsDecided(db, site.id, since),
      ])
      return {
        at: at.toISOString(),
        since: since.toISOString(),
        profiles,
        operators: { answers: operators.answers, median_seconds: operators.median },
        money,
        reports: { decided: reports.decided, median_seconds: reports.median },
      }
    },
  }
}

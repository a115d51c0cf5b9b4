import { sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { type Db, queryRows } from '#server/db/client.ts'
import { complaints } from '#server/db/schema/complaints.ts'
import { photos, users } from '#server/db/schema/members.ts'
import { memberSignals } from '#server/db/schema/moderation.ts'
import { type Clock, DAY_MS, shifted } from '#server/lib/clock.ts'

/** How many days the dashboard's daily counts go back. */
const DASHBOARD_DAYS = 14

interface QueueState {
  queue: 'photos' | 'reports' | 'signals'
  waiting: number
  /** When the oldest item came in, or null when none waits. */
  oldest: string | null
}

interface DailyCount {
  day: string
  signups: number
  reports: number
}

/** The console's first page (issue 15, point 8): what waits in each queue, and the last two weeks. */
export function createDashboardService(db: Db, deps: { now: Clock }) {
  return {
    async queues(): Promise<QueueState[]> {
      const [photoQueue] = await queryRows<{ waiting: number; oldest: Date | null }>(
        db,
        sql`select count(*)::int as waiting, min(${photos.createdAt}) as oldest from ${photos} where ${photos.reviewedAt} is null`,
      )
      const [reportQueue] = await queryRows<{ waiting: number; oldest: Date | null }>(
        db,
        sql`select count(*)::int as waiting, min(${complaints.queuedAt}) as oldest from ${complaints} where ${complaints.status} in ('open', 'appealed')`,
      )
      const [signalQueue] = await queryRows<{ waiting: number; oldest: Date | null }>(
        db,
        sql`select count(*)::int as waiting, min(${memberSignals.createdAt}) as oldest from ${memberSignals} where ${memberSignals.reviewedAt} is null`,
      )
      const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)
      return [
        { queue: 'photos', waiting: Number(photoQueue.waiting), oldest: iso(photoQueue.oldest) },
        { queue: 'reports', waiting: Number(reportQueue.waiting), oldest: iso(reportQueue.oldest) },
        { queue: 'signals', waiting: Number(signalQueue.waiting), oldest: iso(signalQueue.oldest) },
      ]
    },

    /** Sign-ups and reports per UTC day, the last 14 days, today last (days without any show 0). */
    async daily(): Promise<DailyCount[]> {
      const today = new Date(Math.floor(deps.now().getTime() / DAY_MS) * DAY_MS)
      const from = shifted(today, -(DASHBOARD_DAYS - 1) * DAY_MS)
      const count = async (table: PgTable, column: PgColumn) => {
        const rows = await queryRows<{ day: string; n: number }>(
          db,
          sql`select to_char(${column} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
            from ${table} where ${column} >= ${from} group by 1`,
        )
        return new Map(rows.map((r) => [r.day, Number(r.n)]))
      }
      const signups = await count(users, users.signupDate)
      const reports = await count(complaints, complaints.createdAt)
      return Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
        const day = shifted(from, i * DAY_MS)
          .toISOString()
          .slice(0, 10)
        return { day, signups: signups.get(day) ?? 0, reports: reports.get(day) ?? 0 }
      })
    },
  }
}

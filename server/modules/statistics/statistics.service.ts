import type { Tracking } from '#common/schemas/accounts.ts'
import {
  BOUNCE_MAX_SECONDS,
  type PageBounceInput,
  type StatsQuery,
  type StatsResponse,
  type StatsRow,
} from '#common/schemas/statistics.ts'
import type { Db } from '#server/db/client.ts'
import { type Clock, DAY_MS } from '#server/lib/clock.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import { countBounce, countVisit, recomputeDays, rollUpMessages } from './statistics.queries.ts'
import { statsCsv } from './statistics-csv.ts'
import { readFigures } from './statistics-read.queries.ts'

/** The UTC day of a moment, as YYYY-MM-DD. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10)
const addDays = (day: string, days: number) => utcDay(new Date(Date.parse(day) + days * DAY_MS))
/** The most roll-up steps one refresh takes; the job goes on with the rest. */
const MAX_ROLLUP_STEPS = 25

export type StatisticsService = ReturnType<typeof createStatisticsService>

/**
 * The console's reports (ADR 18): daily figures per site and traffic source, kept as aggregates so
 * that a year's report reads a few thousand rows, never the messages.
 */
export function createStatisticsService(db: Db, deps: { now: Clock }) {
  const zeroRow = (key: string): StatsRow => ({
    key,
    visits: 0,
    signups: 0,
    confirmations: 0,
    first_purchases: 0,
    purchases: 0,
    paying_members: 0,
    refunds: 0,
    withdrawals: 0,
    messages_to_members: 0,
    messages_to_fictional: 0,
    answers: 0,
    average_wait_seconds: null,
    calls: 0,
    call_minutes: 0,
    money: [],
  })

  async function rollUp() {
    for (let step = 0; step < MAX_ROLLUP_STEPS && (await rollUpMessages(db, deps.now())); step++) {
      // each step counts one batch of messages
    }
  }

  /** Brings the days that may still change up to date: yesterday and today, and new messages. */
  async function refreshRecent() {
    const today = utcDay(deps.now())
    await rollUp()
    await recomputeDays(db, addDays(today, -1), addDays(today, 1))
    return { days: [addDays(today, -1), today] }
  }

  async function report(query: StatsQuery): Promise<StatsResponse> {
    await refreshRecent()
    const figures = await readFigures(db, query)
    const rows = new Map<string, StatsRow>()
    if (query.by === 'day') {
      const days = Math.round((Date.parse(query.to) - Date.parse(query.from)) / DAY_MS) + 1
      for (let i = 0; i < days; i++) {
        const day = addDays(query.from, i)
        rows.set(day, zeroRow(day))
      }
    }
    const rowOf = (key: string) => {
      const found = rows.get(key)
      if (found) return found
      const row = zeroRow(key)
      rows.set(key, row)
      return row
    }
    const total = zeroRow('total')
    const waits = new Map<StatsRow, number>()
    for (const f of figures.counts) {
      for (const row of [rowOf(f.key), total]) {
        row.signups += f.signups
        row.confirmations += f.confirmations
        row.first_purchases += f.first_purchases
        row.purchases += f.purchases
        row.refunds += f.refunds
        row.withdrawals += f.withdrawals
        row.answers += f.answers
        row.calls += f.calls
        row.call_minutes += f.call_minutes
        waits.set(row, (waits.get(row) ?? 0) + f.answer_wait_seconds)
        if (f.currency) {
          addMoney(row, f.currency, { revenue: f.revenue, refunded: f.refunded, withdrawn: f.withdrawn })
        }
      }
    }
    for (const v of figures.visits) {
      rowOf(v.key).visits += v.visits
      total.visits += v.visits
    }
    for (const m of figures.messages) {
      for (const row of [rowOf(m.key), total]) {
        row.messages_to_members += m.to_members
        row.messages_to_fictional += m.to_fictional
      }
    }
    for (const p of figures.payers) addMoney(rowOf(p.key), p.currency, { paying_members: p.paying })
    for (const p of figures.totalPayers) addMoney(total, p.currency, { paying_members: p.paying })
    const finish = (row: StatsRow) => {
      row.average_wait_seconds = row.answers > 0 ? Math.round((waits.get(row) ?? 0) / row.answers) : null
      row.money.sort((a, b) => a.currency.localeCompare(b.currency))
      for (const money of row.money) {
        money.revenue_per_paying =
          money.paying_members > 0 ? Math.round(money.revenue / money.paying_members) : null
      }
      row.paying_members = row.money.reduce((sum, m) => sum + m.paying_members, 0)
      return row
    }
    const list = [...rows.values()].map(finish)
    if (query.by !== 'day') {
      const revenue = (row: StatsRow) => row.money.reduce((sum, m) => sum + m.revenue, 0)
      list.sort((a, b) => revenue(b) - revenue(a) || b.signups - a.signups || b.visits - a.visits)
    }
    return { from: query.from, to: query.to, by: query.by, rows: list, total: finish(total) }
  }

  function addMoney(
    row: StatsRow,
    currency: string,
    add: Partial<{ revenue: number; refunded: number; withdrawn: number; paying_members: number }>,
  ) {
    let money = row.money.find((m) => m.currency === currency)
    if (!money) {
      money = { currency, revenue: 0, refunded: 0, withdrawn: 0, paying_members: 0, revenue_per_paying: null }
      row.money.push(money)
    }
    money.revenue += add.revenue ?? 0
    money.refunded += add.refunded ?? 0
    money.withdrawn += add.withdrawn ?? 0
    money.paying_members += add.paying_members ?? 0
  }

  return {
    /** The report a page opens with: the last 30 days to today, by day. */
    defaultQuery(): StatsQuery {
      const today = utcDay(deps.now())
      return { from: addDays(today, -29), to: today, by: 'day' }
    },
    /** A browser session's first page: one visit on today's row of its site and source. */
    recordVisit: (siteId: number, tracking: Tracking) => countVisit(db, utcDay(deps.now()), siteId, tracking),

    /** A page opened with `lb` was left (spec section 2): counted with no trace of the visitor. */
    recordBounce: (siteId: number, bounce: PageBounceInput) =>
      countBounce(db, utcDay(deps.now()), siteId, {
        // Member and conversation ids are folded: the figures are per kind of page, not per member.
        page: bounce.page.replace(/\/\d+(?=\/|$)/g, '/:id').slice(0, 200),
        exit: bounce.exit,
        seconds: Math.round(Math.min(bounce.seconds, BOUNCE_MAX_SECONDS)),
      }),
    refreshRecent,
    /** Computes the days from `from` to `to` (both included) again, and counts new messages. */
    async refresh(range: { from: string; to: string }, actor: Actor | null) {
      await rollUp()
      await recomputeDays(db, range.from, addDays(range.to, 1))
      if (actor) {
        await db.transaction((tx) =>
          recordAudit(tx, actor, deps.now(), { action: 'stats.recompute', after: range }),
        )
      }
      return { days: Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1 }
    },
    report,
    async csv(query: StatsQuery) {
      return statsCsv(await report(query))
    },
  }
}

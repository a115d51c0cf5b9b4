import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StatsResponse } from '#common/schemas/statistics.ts'
import { queryRows } from '#server/db/client.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const clock = new Date('2025-05-06T07:08:09Z')
let t: TestApp
let admin: TestStaff
let support: TestStaff
const MONTH = { from: '2025-03-01', to: '2025-03-31' }
const NETWORKS = ['facebook', 'google', null]

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query)
const report = async (query: Record<string, string | number>, cookie = admin.cookie) =>
  t.app.inject({
    url: `/api/admin/stats.php?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    headers: { cookie, 'x-forwarded-for': remote() },
  })
const stats = async (query: Record<string, string | number>) => (await report(query)).json() as StatsResponse

/**
 * A month of members on two sites from three traffic sources: sign-ups every 11 hours, most
 * confirmed an hour later, purchases in euros and pounds (some members twice), refunds and a
 * chargeback, messages to members and to a fictional profile, operators' answers; and a demo
 * member and a fictional profile, who never count.
 */
async function seedMonth(staffId: number) {
  const db = t.database.db
  const [pkg] = await rows<{ id: number }>(sql`select id from credit_packages order by id limit 1`)
  await db.execute(sql`
    insert into users (site_id, email, status, signup_date, confirmed_at, tracking, demo)
    select 1 + i % 2, 'seed-' || i || '@example.com', 'active',
      timestamptz '2025-03-01 00:30Z' + i * interval '11 hours',
      case when i % 3 <> 0 then timestamptz '2025-03-01 01:30Z' + i * interval '11 hours' end,
      case i % 3 when 0 then jsonb_build_object('network', 'facebook', 'ref', 'r' || i % 2, 'sub1', '=cmd')
                 when 1 then jsonb_build_object('network', 'google', 'sub2', 'x') else null end,
      false
    from generate_series(1, 64) i`)
  await db.execute(sql`
    insert into users (site_id, email, status, signup_date, demo)
    values (1, 'seed-demo@example.com', 'active', '2025-03-10T10:00Z', true),
           (1, 'seed-fictional@fictional.invalid', 'active', '2025-03-10T10:00Z', false)`)
  await db.execute(sql`
    insert into profiles (user_id, name, gender, birth_date, country, fictional)
    select id, 'Seed', 'female', '1990-01-01', 'NL', email like '%fictional.invalid'
    from users where email like 'seed-%'`)
  const payment = (where: string, n: number, amount: number, currency: string, after: string) =>
    db.execute(sql`
      insert into payments (id, user_id, site_id, package_id, credits, amount, list_amount, currency, method,
        provider, status, created_at, credited_at)
      select 'seed-' || ${n} || '-' || u.id, u.id, u.site_id, ${pkg.id}, 100, ${amount}, ${amount}, ${currency},
        'creditcard', 'sandbox', 'paid', u.signup_date, u.signup_date + ${after}::interval
      from users u where u.email like 'seed-%' and ${sql.raw(where)}`)
  await payment(`u.id % 4 = 0 and not u.demo`, 1, 1999, 'EUR', '2 hours')
  await payment(`u.id % 8 = 0 and not u.demo`, 2, 4999, 'EUR', '3 days')
  await payment(`u.id % 6 = 1 and u.email not like '%fictional%'`, 3, 1799, 'GBP', '5 hours')
  // Payments that were never paid count nowhere.
  await db.execute(sql`
    insert into payments (id, user_id, site_id, package_id, credits, amount, list_amount, currency, method, provider, status, created_at)
    select 'seed-open-' || id, id, site_id, ${pkg.id}, 100, 999, 999, 'EUR', 'creditcard', 'sandbox', 'open', signup_date
    from users where email like 'seed-%' and id % 5 = 0`)
  await db.execute(sql`
    update payments set status = 'refunded', refunded_at = credited_at + interval '4 days'
    where id like 'seed-1-%' and right(id, 1) in ('2', '6')`)
  await db.execute(sql`
    update payments set status = 'charged_back', refunded_at = credited_at + interval '1 day'
    where id like 'seed-3-%' and right(id, 1) = '3'`)
  // Members who withdrew from a purchase themselves (ADR 32), half of it paid back.
  await db.execute(sql`
    update payments set status = 'refunded', withdrawn_at = credited_at + interval '2 days',
      refunded_at = credited_at + interval '2 days', refund_amount = amount / 2, refund_id = 're_seed'
    where id like 'seed-2-%' and right(id, 1) in ('6', '8')`)
  // Every seeded member writes to the next one and to the fictional profile, a day after joining.
  await db.execute(sql`
    with pairs as (
      select u.id as a, coalesce(lead(u.id) over (order by u.id), (select min(id) from users where email like 'seed-%')) as b,
        u.signup_date + interval '1 day' as at, row_number() over (order by u.id) as n
      from users u where u.email like 'seed-%' and u.email not like '%fictional%'
    ), fictional as (select id from users where email = 'seed-fictional@fictional.invalid'),
    talks as (
      select a, b, at, n * 2 as conv from pairs
      union all select a, (select id from fictional), at + interval '1 hour', n * 2 + 1 from pairs
    ), conv as (
      insert into conversations (id, created_at) select 900000 + conv, at from talks returning id
    ), sides as (
      insert into conversation_members (conversation_id, user_id, partner_user_id)
      select 900000 + conv, a, b from talks union all select 900000 + conv, b, a from talks
      returning conversation_id
    )
    insert into messages (conversation_id, sender_user_id, body, client_id, created_at)
    select 900000 + conv, a, 'Hello', 'seed-' || conv || '-' || k, at + k * interval '1 minute'
    from talks, generate_series(1, 2) k`)
  await db.execute(sql`
    insert into operator_answers (staff_id, site_id, conversation_id, waited_seconds, answered_at)
    select ${staffId}, u.site_id, cm.conversation_id, 60 + u.id % 7 * 30, m.created_at + interval '10 minutes'
    from messages m join users u on u.id = m.sender_user_id
    join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = m.sender_user_id
    join profiles p on p.user_id = cm.partner_user_id and p.fictional
    where m.client_id like 'seed-%-1'`)
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
  admin = await staffMember(t.app, 'admin', () => clock)
  support = await staffMember(t.app, 'support', () => clock)
  const [staff] = await rows<{ id: number }>(sql`select id from staff where email = ${admin.email}`)
  await seedMonth(staff.id)
  await t.app.services.statistics.refresh(MONTH, null)
})
afterAll(() => t.close())

const seeded = sql.raw(`u.email like 'seed-%' and not u.demo and u.email not like '%fictional%'`)
const inMonth = (column: string) =>
  sql.raw(`${column} >= '2025-03-01T00:00Z' and ${column} < '2025-04-01T00:00Z'`)

describe('reports: daily figures per site and traffic source', () => {
  it('equal counts made directly in the database, day by day, for a seeded month', async () => {
    const byDay = await stats({ ...MONTH, by: 'day' })
    expect(byDay.rows.map((r) => r.key)).toHaveLength(31)
    const signups = await rows<{ day: string; n: number }>(sql`
      select to_char(signup_date at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
      from users u where ${seeded} and ${inMonth('signup_date')} group by 1`)
    const confirmations = await rows<{ day: string; n: number }>(sql`
      select to_char(confirmed_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
      from users u where ${seeded} and ${inMonth('confirmed_at')} group by 1`)
    const revenue = await rows<{ day: string; currency: string; n: number; sum: number; payers: number }>(sql`
      select to_char(credited_at at time zone 'UTC', 'YYYY-MM-DD') as day, currency, count(*)::int as n,
        sum(amount)::int as sum, count(distinct user_id)::int as payers
      from payments p join users u on u.id = p.user_id where ${seeded} and ${inMonth('credited_at')} group by 1, 2`)
    for (const row of byDay.rows) {
      expect(row.signups, row.key).toBe(signups.find((s) => s.day === row.key)?.n ?? 0)
      expect(row.confirmations, row.key).toBe(confirmations.find((s) => s.day === row.key)?.n ?? 0)
      const money = revenue.filter((r) => r.day === row.key)
      expect(row.purchases, row.key).toBe(money.reduce((sum, r) => sum + r.n, 0))
      expect(row.paying_members, row.key).toBe(money.reduce((sum, r) => sum + r.payers, 0))
      expect(
        row.money.map((m) => [m.currency, m.revenue]).filter(([, v]) => v),
        row.key,
      ).toEqual(money.sort((a, b) => a.currency.localeCompare(b.currency)).map((r) => [r.currency, r.sum]))
    }
  })

  it('totals a month: first purchases, paying members once each, refunds, messages and answer times', async () => {
    const { total } = await stats({ ...MONTH, by: 'day' })
    const [direct] = await rows<Record<string, number>>(sql`
      select
        (select count(*)::int from users u where ${seeded} and ${inMonth('signup_date')}) as signups,
        (select count(distinct user_id)::int from payments p join users u on u.id = p.user_id
          where ${seeded} and ${inMonth('credited_at')}) as payers,
        (select count(*)::int from (select user_id, min(credited_at) as first from payments
          where credited_at is not null group by user_id) f join users u on u.id = f.user_id
          where ${seeded} and ${inMonth('first')}) as first_purchases,
        (select count(*)::int from payments p join users u on u.id = p.user_id
          where ${seeded} and ${inMonth('refunded_at')} and withdrawn_at is null) as refunds,
        (select coalesce(sum(coalesce(refund_amount, amount)), 0)::int from payments p join users u on u.id = p.user_id
          where ${seeded} and p.currency = 'EUR' and ${inMonth('refunded_at')} and withdrawn_at is null) as refunded_eur,
        (select count(*)::int from payments p join users u on u.id = p.user_id
          where ${seeded} and ${inMonth('withdrawn_at')}) as withdrawals,
        (select coalesce(sum(refund_amount), 0)::int from payments p join users u on u.id = p.user_id
          where ${seeded} and p.currency = 'EUR' and ${inMonth('withdrawn_at')}) as withdrawn_eur,
        (select count(*)::int from messages m join users u on u.id = m.sender_user_id
          join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = m.sender_user_id
          join profiles p on p.user_id = cm.partner_user_id
          where ${seeded} and not p.fictional and ${inMonth('m.created_at')}) as to_members,
        (select count(*)::int from messages m join users u on u.id = m.sender_user_id
          join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = m.sender_user_id
          join profiles p on p.user_id = cm.partner_user_id
          where ${seeded} and p.fictional and ${inMonth('m.created_at')}) as to_fictional,
        (select count(*)::int from operator_answers a join conversation_members cm on cm.conversation_id = a.conversation_id
          join users u on u.id = cm.user_id where ${seeded} and ${inMonth('a.answered_at')}) as answers,
        (select round(avg(waited_seconds))::int from operator_answers a join conversation_members cm
          on cm.conversation_id = a.conversation_id join users u on u.id = cm.user_id
          where ${seeded} and ${inMonth('a.answered_at')}) as wait`)
    expect(direct.refunds).toBeGreaterThan(0)
    expect(direct.to_fictional).toBeGreaterThan(0)
    expect(total.signups).toBe(direct.signups)
    expect(total.paying_members).toBe(direct.payers)
    expect(total.first_purchases).toBe(direct.first_purchases)
    expect(total.refunds).toBe(direct.refunds)
    expect(total.money.find((m) => m.currency === 'EUR')?.refunded).toBe(direct.refunded_eur)
    // Withdrawals are counted apart from support's refunds (ADR 32).
    expect(direct.withdrawals).toBeGreaterThan(0)
    expect(total.withdrawals).toBe(direct.withdrawals)
    expect(total.money.find((m) => m.currency === 'EUR')?.withdrawn).toBe(direct.withdrawn_eur)
    expect(total.messages_to_members).toBe(direct.to_members)
    expect(total.messages_to_fictional).toBe(direct.to_fictional)
    expect(total.answers).toBe(direct.answers)
    expect(total.average_wait_seconds).toBe(direct.wait)
    // A member who paid on two days is one paying member of the month (not two).
    const daily = (await stats({ ...MONTH, by: 'day' })).rows.reduce((sum, r) => sum + r.paying_members, 0)
    expect(daily).toBeGreaterThan(total.paying_members)
    for (const money of total.money) {
      expect(money.revenue_per_paying).toBe(Math.round(money.revenue / money.paying_members))
    }
  })

  it('groups by traffic source and filters by site and network', async () => {
    const byNetwork = await stats({ ...MONTH, by: 'network' })
    const direct = await rows<{ network: string; signups: number; payers: number }>(sql`
      select coalesce(u.tracking->>'network', '') as network, count(*)::int as signups,
        count(*) filter (where exists (select 1 from payments p where p.user_id = u.id
          and ${inMonth('p.credited_at')}))::int as payers
      from users u where ${seeded} group by 1`)
    expect(byNetwork.rows.map((r) => r.key).sort()).toEqual(NETWORKS.map((n) => n ?? '').sort())
    for (const d of direct) {
      const row = byNetwork.rows.find((r) => r.key === d.network)
      expect(row?.signups, d.network).toBe(d.signups)
      expect(row?.paying_members, d.network).toBe(d.payers)
    }
    const site2 = await stats({ ...MONTH, by: 'site', site: 2 })
    expect(site2.rows.map((r) => r.key)).toEqual(['2'])
    const [n2] = await rows<{ n: number }>(
      sql`select count(*)::int as n from users u where ${seeded} and site_id = 2`,
    )
    expect(site2.total.signups).toBe(n2.n)
    const google = await stats({ ...MONTH, by: 'sub2', network: 'google' })
    expect(google.rows.map((r) => r.key)).toEqual(['x'])
  })

  it('exports the report as CSV, a traffic source never read as a formula', async () => {
    const res = await t.app.inject({
      url: `/api/admin/stats-csv.php?from=${MONTH.from}&to=${MONTH.to}&by=sub1`,
      headers: { cookie: admin.cookie, 'x-forwarded-for': remote() },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toContain('report-2025-03-01-2025-03-31-by-sub1.csv')
    const lines = res.body.trim().split('\r\n')
    expect(lines[0]).toMatch(
      /^sub1,visits,signups,.*revenue_EUR,refunded_EUR,withdrawn_EUR,revenue_per_paying_EUR/,
    )
    expect(lines.some((l) => l.startsWith("'=cmd,"))).toBe(true)
    const total = (await stats({ ...MONTH, by: 'sub1' })).total
    const eur = total.money.find((m) => m.currency === 'EUR')
    expect(lines.at(-1)).toContain(`total,0,${total.signups},`)
    expect(lines.at(-1)).toContain(((eur?.revenue ?? 0) / 100).toFixed(2))
  })

  it('counts each message once, however often it is read, and none that a slower transaction wrote late', async () => {
    const before = (await stats({ ...MONTH, by: 'day' })).total.messages_to_members
    await stats({ ...MONTH, by: 'day' })
    expect((await stats({ ...MONTH, by: 'day' })).total.messages_to_members).toBe(before)
    // A message of the last minute waits; one written after it but dated in March waits for it.
    const [a, b] = await rows<{ id: number }>(sql`select user_id as id from conversation_members
      where conversation_id = 900002 order by user_id`)
    // "Now" is the injected clock's, which dates messages (chat_send), not the database's own.
    await t.database.db.execute(sql`insert into messages (conversation_id, sender_user_id, body, client_id, created_at)
      values (900002, ${a.id}, 'now', 'late-young', ${clock})`)
    await t.database.db.execute(sql`insert into messages (conversation_id, sender_user_id, body, client_id, created_at)
      values (900002, ${b.id}, 'old', 'late-old', '2025-03-20T12:00Z')`)
    expect((await stats({ ...MONTH, by: 'day' })).total.messages_to_members).toBe(before)
    await t.database.db.execute(
      sql`update messages set created_at = '2025-03-20T11:00Z' where client_id = 'late-young'`,
    )
    expect((await stats({ ...MONTH, by: 'day' })).total.messages_to_members).toBe(before + 2)
  })

  it('counts visits by traffic source, and only admins read reports', async () => {
    for (const network of ['facebook', 'facebook', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/visit.php',
        payload: network ? { network, ref: 'spring' } : {},
        headers: { 'x-forwarded-for': remote() },
      })
      expect(res.statusCode).toBe(200)
    }
    const today = clock.toISOString().slice(0, 10)
    const visits = await stats({ from: today, to: today, by: 'network' })
    expect(visits.rows.find((r) => r.key === 'facebook')?.visits).toBe(2)
    expect(visits.rows.find((r) => r.key === '')?.visits).toBe(1)
    expect((await report({ ...MONTH }, support.cookie)).statusCode).toBe(403)
    const tooLong = await report({ from: '2023-01-01', to: '2025-03-01' })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().error.fields.to).toBe('A report covers at most a year (366 days).')
  })

  it('counts every visit of many visitors behind one address (an office, a carrier)', async () => {
    const today = clock.toISOString().slice(0, 10)
    const before = (await stats({ from: today, to: today, by: 'network' })).rows.find(
      (r) => r.key === 'office',
    )
    const shared = remote()
    for (let i = 0; i < 80; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/visit.php',
        payload: { network: 'office' },
        headers: { 'x-forwarded-for': shared },
      })
      expect(res.statusCode).toBe(200)
    }
    const after = (await stats({ from: today, to: today, by: 'network' })).rows.find(
      (r) => r.key === 'office',
    )
    expect((after?.visits ?? 0) - (before?.visits ?? 0)).toBe(80)
  })

  it('computes days again on demand, audited', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stats-refresh.php',
      payload: MONTH,
      headers: { cookie: admin.cookie, 'x-forwarded-for': remote() },
    })
    expect(res.json()).toEqual({ days: 31 })
    const [audit] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'stats.recompute' and staff_email = ${admin.email}`,
    )
    expect(audit.n).toBe(1)
  })
})

describe('page bounces', () => {
  // spec: MODAL-7
  it('counts how visitors left a page opened with lb, per kind of page, with nothing of the visitor', async () => {
    const bounce = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/page-bounce.php', payload, headers, remoteAddress: remote() })
    expect((await bounce({ page: '/members/12/landing', seconds: 3.4, exit: 'closed' })).statusCode).toBe(200)
    expect((await bounce({ page: '/members/98/landing', seconds: 9000, exit: 'closed' })).statusCode).toBe(
      200,
    )
    expect((await bounce({ page: '/landers/gallery/eng', seconds: 21, exit: 'signup' })).statusCode).toBe(200)
    // Not a page of the site, or not a way to leave one: refused in the visitor's language.
    const odd = await bounce(
      { page: 'https://elsewhere.example/x', seconds: 1, exit: 'closed' },
      { 'accept-language': 'fr' },
    )
    expect(odd.statusCode).toBe(400)
    expect(odd.json().error.fields.page).toBe('Ce n’est pas une page du site.')
    expect((await bounce({ page: '/', seconds: 1, exit: 'vanished' })).statusCode).toBe(400)
    const rows = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select day::text, page, exit, visits, seconds::int from stats_bounce_days order by page, exit`,
    )
    expect(rows).toEqual([
      { day: '2025-05-06', page: '/landers/gallery/eng', exit: 'signup', visits: 1, seconds: 21 },
      // Member ids folded; a tab left open counts an hour at most.
      { day: '2025-05-06', page: '/members/:id/landing', exit: 'closed', visits: 2, seconds: 3 + 3600 },
    ])
  })
})

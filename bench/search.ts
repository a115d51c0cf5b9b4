// npm run bench:search (DATABASE_URL set, seeded with `npm run db:seed -- --members 1000000`):
// p50/p95 of member search for typical filter combinations, and the plans of the slowest.
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import type { MemberSearchQuery } from '../common/schemas/members.ts'
import { openDatabase, queryRows } from '../server/db/client.ts'
import { readEnv } from '../server/env.ts'
import { createMembersService } from '../server/modules/members/members.service.ts'

const env = readEnv()
if (!env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL database seeded with demo members.')
  process.exit(2)
}
const database = await openDatabase({ url: env.DATABASE_URL })
const members = createMembersService(database.db, { now: () => new Date() })
const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from profiles`)
const [ut] = await queryRows<{ id: number }>(database.db, sql`select id from regions where code = 'NL-UT'`)
const [idf] = await queryRows<{ id: number }>(database.db, sql`select id from regions where code = 'FR-IDF'`)
const [interest] = await queryRows<{ id: number }>(
  database.db,
  sql`select id from interests order by id limit 1`,
)

const combos: Array<[string, Partial<MemberSearchQuery>]> = [
  ['no filter', {}],
  ['women in NL', { gender: 'female', country: 'NL' }],
  ['men in FR, 30-45', { gender: 'male', country: 'FR', min_age: 30, max_age: 45 }],
  [
    'women in Utrecht (NL), 25-35',
    { gender: 'female', country: 'NL', countryregion: ut.id, min_age: 25, max_age: 35 },
  ],
  [
    'men in Ile-de-France, 60-70, page 3',
    { gender: 'male', country: 'FR', countryregion: idf.id, min_age: 60, max_age: 70, page: 3 },
  ],
  // With a distance (ADR 26): a member's own place, a visitor's search has none.
  ['women within 25 km', { gender: 'female', distance: 25 }],
  ['men within 100 km, 30-45', { gender: 'male', distance: 100, min_age: 30, max_age: 45 }],
  ['women within 250 km, page 5', { gender: 'female', distance: 250, page: 5 }],
  // Interests: no bucket knows them; the total is counted row by row.
  ['women in NL sharing an interest', { gender: 'female', country: 'NL', interests: [interest.id] }],
]

const RUNS = 60
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
console.log(
  `member search on ${n.toLocaleString('en')} profiles, ${RUNS} runs each (page, total and similar members)`,
)
// Two members in Utrecht: one with a place (nearest first), one whose town is unknown (most recent
// first, as every search was before ADR 26).
const [viewer, placeless] = await queryRows<{ id: number }>(
  database.db,
  sql`select user_id as id from profiles where city = 'Utrecht' and geo_cell is not null order by id limit 2`,
)
await database.db.execute(
  sql`update profiles set geo_cell = null, geo = null where user_id = ${placeless.id}`,
)
console.log(
  'visitor: logged out (most recent first); near: a member in Utrecht (nearest first, own profile and',
)
console.log('blocks excluded); recent: a member without a place (most recent first, as before ADR 26)')
console.log(
  'filters'.padEnd(32),
  'visitor p50'.padStart(12),
  'p95'.padStart(7),
  'near p50'.padStart(9),
  'p95'.padStart(7),
  'recent p50'.padStart(11),
  'p95'.padStart(7),
  'near total'.padStart(11),
)
const results: Array<{ name: string; p95: number; query: MemberSearchQuery }> = []
for (const [name, partial] of combos) {
  const query = { page: 1, ...partial } as MemberSearchQuery
  for (let i = 0; i < 5; i++) {
    await members.search(query, null, '/media')
    await members.search(query, viewer.id, '/media')
    await members.search(query, placeless.id, '/media')
  }
  const visitor: number[] = []
  const near: number[] = []
  const recent: number[] = []
  let total = 0
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    await members.search(query, null, '/media')
    visitor.push(performance.now() - t0)
    const t1 = performance.now()
    total = (await members.search(query, viewer.id, '/media')).total
    near.push(performance.now() - t1)
    const t2 = performance.now()
    await members.search(query, placeless.id, '/media')
    recent.push(performance.now() - t2)
  }
  for (const list of [visitor, near, recent]) list.sort((a, b) => a - b)
  results.push({ name, p95: Math.max(pct(visitor, 95), pct(near, 95), pct(recent, 95)), query })
  console.log(
    name.padEnd(32),
    pct(visitor, 50).toFixed(1).padStart(12),
    pct(visitor, 95).toFixed(1).padStart(7),
    pct(near, 50).toFixed(1).padStart(9),
    pct(near, 95).toFixed(1).padStart(7),
    pct(recent, 50).toFixed(1).padStart(11),
    pct(recent, 95).toFixed(1).padStart(7),
    String(total).padStart(11),
  )
}
const slowest = results.sort((a, b) => b.p95 - a.p95)[0]
console.log(`\nplans of the slowest: ${slowest.name}`)
const q = slowest.query
const today = new Date()
const born = (years: number, days = 0) =>
  new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days))
    .toISOString()
    .slice(0, 10)
const where = sql.join(
  [
    sql`p.status = 'active' and not p.invisible and not p.hidden`,
    q.gender ? sql`p.gender = ${q.gender}` : sql`true`,
    q.country ? sql`p.country = ${q.country}` : sql`true`,
    q.countryregion ? sql`p.region_id = ${q.countryregion}` : sql`true`,
    q.min_age ? sql`p.birth_date <= ${born(q.min_age)}` : sql`true`,
    q.max_age ? sql`p.birth_date >= ${born(q.max_age + 1, 1)}` : sql`true`,
  ],
  sql` and `,
)
for (const statement of [
  sql`explain (analyze, buffers) select p.id from profiles p left join photos ph on ph.id = p.main_photo_id where ${where} order by p.last_active_at desc nulls last, p.id desc nulls last limit 24 offset ${((q.page ?? 1) - 1) * 24}`,
  sql`explain (analyze, buffers) select sum(n) from profile_counts where ${q.gender ? sql`gender = ${q.gender}` : sql`true`} and ${q.country ? sql`country = ${q.country}` : sql`true`} and ${q.countryregion ? sql`region_id = ${q.countryregion}` : sql`true`}`,
]) {
  const plan = await queryRows<{ 'QUERY PLAN': string }>(database.db, statement)
  console.log(plan.map((r) => r['QUERY PLAN']).join('\n'), '\n')
}
await database.db.execute(
  sql`update profiles p set geo_cell = v.geo_cell, geo = v.geo from profiles v
      where p.user_id = ${placeless.id} and v.user_id = ${viewer.id}`,
)
await database.close()

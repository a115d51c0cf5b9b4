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
const members = createMembersService(database.db)
const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from profiles`)
const [ut] = await queryRows<{ id: number }>(database.db, sql`select id from regions where code = 'NL-UT'`)
const [idf] = await queryRows<{ id: number }>(database.db, sql`select id from regions where code = 'FR-IDF'`)

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
]

const RUNS = 60
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
console.log(
  `member search on ${n.toLocaleString('en')} profiles, ${RUNS} runs each (page, total and similar members)`,
)
console.log(
  'cold: totals counted every time; warm: totals from the 30 s count cache (paging, repeated searches)',
)
console.log(
  'filters'.padEnd(40),
  'cold p50'.padStart(9),
  'cold p95'.padStart(9),
  'warm p50'.padStart(9),
  'warm p95'.padStart(9),
  'total'.padStart(10),
)
const results: Array<{ name: string; p95: number; query: MemberSearchQuery }> = []
for (const [name, partial] of combos) {
  const query = { page: 1, ...partial } as MemberSearchQuery
  for (let i = 0; i < 5; i++) await createMembersService(database.db).search(query, null, '/media')
  const cold: number[] = []
  const warm: number[] = []
  let total = 0
  for (let i = 0; i < RUNS; i++) {
    const fresh = createMembersService(database.db)
    const t0 = performance.now()
    total = (await fresh.search(query, null, '/media')).total
    cold.push(performance.now() - t0)
    const t1 = performance.now()
    await members.search(query, null, '/media')
    warm.push(performance.now() - t1)
  }
  cold.sort((a, b) => a - b)
  warm.sort((a, b) => a - b)
  results.push({ name, p95: pct(cold, 95), query })
  console.log(
    name.padEnd(40),
    pct(cold, 50).toFixed(1).padStart(9),
    pct(cold, 95).toFixed(1).padStart(9),
    pct(warm, 50).toFixed(1).padStart(9),
    pct(warm, 95).toFixed(1).padStart(9),
    String(total).padStart(10),
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
  sql`explain (analyze, buffers) select count(*) from profiles p where ${where}`,
]) {
  const plan = await queryRows<{ 'QUERY PLAN': string }>(database.db, statement)
  console.log(plan.map((r) => r['QUERY PLAN']).join('\n'), '\n')
}
await database.close()

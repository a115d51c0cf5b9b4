// npm run bench:moderation (DATABASE_URL set to a scratch PostgreSQL database): the console's
// queues at scale. Seeds 1,000,000 demo members when fewer are there (minutes), adds
// 100,000 photos waiting for review, 10,000 open reports and 100,000 conversations waiting for an
// operator, a year of daily figures (ADR 18) and a year of payments, then times a page of each queue,
// the photo queue's later pages, a photo decision, the member look-up and a year's report, and shows
// the plans of the photo queue and of the report.

import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDatabase, queryRows } from '../server/db/client.ts'
import { ensureReferenceData } from '../server/db/reference/ensure-reference-data.ts'
import { seedDemoMembers } from '../server/db/seed/demo-members.ts'
import { readEnv } from '../server/env.ts'
import { createEventBus } from '../server/lib/events.ts'
import { createExplicitClassifier } from '../server/lib/explicit/explicit-classifier.ts'
import { createFaceAnalyzer } from '../server/lib/faces/face-analyzer.ts'
import { localMediaStore } from '../server/lib/media-store.ts'
import { createProgressBar } from '../server/lib/progress-bar.ts'
import { noSocketsHere } from '../server/lib/sessions-ended.ts'
import { createVoiceProcessor } from '../server/lib/voice/voice-processor.ts'
import { createDataExportService } from '../server/modules/accounts/data-export.service.ts'
import { createMemberSupportService } from '../server/modules/accounts/member-support.service.ts'
import { createChatService } from '../server/modules/chat/chat.service.ts'
import { createComplaintsService } from '../server/modules/complaints/complaints.service.ts'
import { createMailService } from '../server/modules/mail/mail.service.ts'
import { createMemberPageService } from '../server/modules/members/member-page.service.ts'
import { createMembersService } from '../server/modules/members/members.service.ts'
import { createPhotoReviewService } from '../server/modules/moderation/photo-review.service.ts'
import { createReportsService } from '../server/modules/moderation/reports.service.ts'
import { createSignalsService } from '../server/modules/moderation/signals.service.ts'
import { createInboxService } from '../server/modules/operators/inbox.service.ts'
import { readMoves, readPrompts } from '../server/modules/profile-prompts/profile-prompts.service.ts'
import { createSafetyService } from '../server/modules/safety/safety.service.ts'
import { createSitesService } from '../server/modules/sites/sites.service.ts'
import { createStatisticsService } from '../server/modules/statistics/statistics.service.ts'
import { createBannedFaces } from '../server/modules/verification/banned-faces.ts'
import { heardVoices } from '../server/modules/voice-prompts/voice-prompts.service.ts'

const MEMBERS = 1_000_000
const PENDING_PHOTOS = 100_000
const OPEN_REPORTS = 10_000
const WAITING_CONVERSATIONS = 100_000
const RUNS = 40

const env = readEnv()
if (!env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a scratch PostgreSQL database (it gets 1,000,000 demo members).')
  process.exit(2)
}
const database = await openDatabase({ url: env.DATABASE_URL })
await database.migrate()
await ensureReferenceData(database.db)
const db = database.db
const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(db, query))[0].n)

if ((await count(sql`select count(*)::int as n from profiles`)) < MEMBERS) {
  const started = Date.now()
  await seedDemoMembers(db, {
    members: MEMBERS,
    seed: 42,
    media: localMediaStore(path.join(env.DATA_DIR, 'media')),
    onProgress: createProgressBar('Demo members'),
  })
  console.log(
    `seeded ${MEMBERS.toLocaleString('en')} members in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  )
}
const waiting = await count(sql`select count(*)::int as n from photos where reviewed_at is null`)
if (waiting < PENDING_PHOTOS) {
  // New photos of random members, a few seconds apart, as uploads arrive.
  await db.execute(sql`
    insert into photos (profile_id, filename, thumb_filename, status, position, created_at)
    select p.id, 'demo/bench.webp', 'demo/bench-thumb.webp', 'pending', 30, now() - (g * interval '3 seconds')
    from generate_series(1, ${PENDING_PHOTOS - waiting}) g
    join profiles p on p.id = 1 + (g * 7919) % ${MEMBERS}`)
}
const open = await count(sql`select count(*)::int as n from complaints where status = 'open'`)
if (open < OPEN_REPORTS) {
  await db.execute(sql`
    insert into complaints (site_id, user_id, reported_profile_id, name, email, reason, message, created_at, queued_at)
    select 1, null, 1 + (g * 104729) % ${MEMBERS}, 'Bench', 'bench@example.com', 'fake_profile', 'A fake profile',
      now() - (g * interval '1 minute'), now() - (g * interval '1 minute')
    from generate_series(1, ${OPEN_REPORTS - open}) g`)
}
const inQueue = await count(sql`select count(*)::int as n from operator_queue`)
if (inQueue < WAITING_CONVERSATIONS) {
  // Members waiting for fictional profiles' answers (the queue rows chat_send writes).
  await db.execute(sql`
    insert into operator_queue (conversation_id, site_id, member_user_id, fictional_user_id, waiting_since)
    select 10000000 + rn, 1, id, next_id, now() - (rn * interval '2 seconds')
    from (select id, lead(id) over (order by id) as next_id, row_number() over (order by id) as rn
          from users where demo) u
    where rn <= ${WAITING_CONVERSATIONS} and next_id is not null
    on conflict do nothing`)
}
const figureRows = await count(sql`select count(*)::int as n from stats_days`)
if (figureRows < 100_000) {
  // A year of daily figures: both sites, 150 traffic sources (5 networks x 30 sub1 values), the counts
  // on the '' row and the money in euros; visits and messages on theirs.
  const year = sql`generate_series(current_date - 364, current_date, interval '1 day') d,
    generate_series(1, 2) s, generate_series(0, 149) k`
  const src = sql`d::date, s, 'network' || k % 5, '', 'sub' || k / 5, '', ''`
  await db.execute(sql`insert into stats_days (day, site_id, network, ref, sub1, sub2, sub3, currency,
      signups, confirmations, first_purchases, paying_members, purchases, revenue, refunds, refunded, answers, answer_wait_seconds)
    select ${src}, '', 3 + k % 4, 2 + k % 3, 0, 0, 0, 0, 0, 0, 5 + k % 7, (5 + k % 7) * 90 from ${year}
    on conflict do nothing`)
  await db.execute(sql`insert into stats_days (day, site_id, network, ref, sub1, sub2, sub3, currency,
      signups, confirmations, first_purchases, paying_members, purchases, revenue, refunds, refunded, answers, answer_wait_seconds)
    select ${src}, 'EUR', 0, 0, k % 2, 1 + k % 2, 1 + k % 3, (1 + k % 3) * 1999, k % 9 / 8, k % 9 / 8 * 1999, 0, 0 from ${year}
    on conflict do nothing`)
  await db.execute(sql`insert into stats_visit_days (day, site_id, network, ref, sub1, sub2, sub3, visits)
    select ${src}, 40 + k from ${year} on conflict do nothing`)
  await db.execute(sql`insert into stats_message_days (day, site_id, network, ref, sub1, sub2, sub3, to_members, to_fictional)
    select ${src}, 200 + k, 80 + k from ${year} on conflict do nothing`)
  // The messages of the chat bench and any others are already counted: the roll-up starts after them.
  await db.execute(sql`insert into stats_rollups (name, last_id) select 'messages', coalesce(max(id), 0) from messages
    on conflict (name) do update set last_id = excluded.last_id`)
}
const credited = await count(sql`select count(*)::int as n from payments where credited_at is not null`)
if (credited < 200_000) {
  // A year of purchases by 150,000 members (the members who paid are counted from these).
  const [pkg] = await queryRows<{ id: number }>(db, sql`select id from credit_packages order by id limit 1`)
  await db.execute(sql`insert into payments (id, user_id, site_id, package_id, credits, amount, list_amount, currency,
      method, provider, status, created_at, credited_at)
    select 'bench-' || g, u.id, u.site_id, ${pkg.id}, 100, 1999, 1999, 'EUR', 'creditcard', 'sandbox', 'paid',
      now() - (g % 365) * interval '1 day', now() - (g % 365) * interval '1 day'
    from generate_series(1, ${200_000 - credited}) g join users u on u.id = 1 + (g * 7919) % 150000
    on conflict do nothing`)
}
await db.execute(sql`analyze`)

const now = () => new Date()
const sites = await createSitesService(db, env)
const mail = createMailService(db, { from: 'bench@example.com', log: console as never, now })
const media = localMediaStore('.tmp/bench-media')
// The ban list of faces reads nothing here (no ban is decided); its face thread starts at a first image.
const bannedFaces = createBannedFaces(db, { faces: createFaceAnalyzer(), media, now, kick: () => {} })
const photoReview = createPhotoReviewService(db, { now, sites, mail, bannedFaces })
const reports = createReportsService(db, {
  now,
  sites,
  mail,
  sessionsEnded: noSocketsHere,
  media,
  bannedFaces,
})
const exports = createDataExportService(db, {
  now,
  sites,
  mail,
  media,
  files: localMediaStore('.tmp/bench-private'),
})
const actor = { staffId: null, email: 'bench', role: 'moderator', ip: null }
const events = createEventBus()
// Operators' answers only: no member sends here, so no photo is classified (the model stays unloaded).
const safety = createSafetyService(db, {
  now,
  explicit: createExplicitClassifier(),
  signals: createSignalsService(db, { now, sites }),
})
const complaints = createComplaintsService(db, { mail, members: createMembersService(db, { now }) })
const chat = createChatService(db, {
  events,
  now,
  media,
  safety,
  voice: createVoiceProcessor(),
  complaints,
  blocks: createMemberPageService(db, {
    now,
    voices: heardVoices(db),
    prompts: readPrompts(db),
    moves: readMoves(db),
  }),
  moves: readMoves(db),
})
const support = createMemberSupportService(db, {
  now,
  sites,
  mail,
  exports,
  sessionsEnded: noSocketsHere,
  safety,
})
const inbox = createInboxService(db, { now, sites, chat, events, media })
const statistics = createStatisticsService(db, { now })
const today = new Date().toISOString().slice(0, 10)
const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
async function time(name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    await run()
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  console.log(name.padEnd(52), pct(times, 50).toFixed(1).padStart(8), pct(times, 95).toFixed(1).padStart(8))
}

const members = await count(sql`select count(*)::int as n from profiles`)
const photos = await count(sql`select count(*)::int as n from photos where reviewed_at is null`)
const queuedReports = await count(sql`select count(*)::int as n from complaints where status = 'open'`)
const waitingMembers = await count(sql`select count(*)::int as n from operator_queue`)
console.log(
  `\n${members.toLocaleString('en')} members, ${photos.toLocaleString('en')} photos waiting, ${queuedReports.toLocaleString('en')} open reports, ${waitingMembers.toLocaleString('en')} conversations in the operators' inbox; ${RUNS} runs each, PostgreSQL`,
)
console.log('call'.padEnd(52), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8))
await time('photo queue, first page (20, with count)', () => photoReview.queue())
const tenth = await (async () => {
  let after: number | undefined
  for (let i = 0; i < 10; i++) after = (await photoReview.queue(after)).photos.at(-1)?.id
  return after
})()
await time('photo queue, page 11 (keyset after a photo)', () => photoReview.queue(tenth))
const decisions = await queryRows<{ id: number }>(
  db,
  sql`select id from photos where reviewed_at is null order by created_at desc limit ${RUNS + 3}`,
)
let decided = 0
await time('photo decision (approve, audited, one transaction)', async () => {
  await photoReview.review({ photo: Number(decisions[decided++].id), decision: 'approve' }, actor)
})
await time('report queue, first page (20, context and count)', () => reports.queue(null))
await time("operators' inbox, first page (50, per-site waits, figures)", () => inbox.queue(0))
const [someone] = await queryRows<{ id: number; email: string }>(
  db,
  sql`select id, email from users where id >= (select max(id) / 2 from users) order by id limit 1`,
)
await time('member look-up by e-mail address', () => support.lookUp(someone.email))
await time('member look-up by the start of a name', () => support.lookUp('emm'))
await time('member look-up by number', () => support.lookUp(`#${someone.id}`))
await time('member file (account, photos, payments, ledger, mails)', () =>
  support.file(Number(someone.id), { role: 'support' }),
)
await time("bring today's figures up to date (2 days, 1M members)", () => statistics.refreshRecent())
await time("a year's report by day (365 rows, with today brought up to date)", () =>
  statistics.report({ from: yearAgo, to: today, by: 'day' }),
)
await time("a year's report by network (members who paid counted once)", () =>
  statistics.report({ from: yearAgo, to: today, by: 'network' }),
)
await time("a year's report by sub1 for one site and network", () =>
  statistics.report({ from: yearAgo, to: today, by: 'sub1', site: 1, network: 'network1' }),
)
await time("a year's report as CSV, by site", () => statistics.csv({ from: yearAgo, to: today, by: 'site' }))

const plan = await queryRows<{ 'QUERY PLAN': string }>(
  db,
  sql`explain (analyze, buffers) select ph.id from photos ph join profiles p on p.id = ph.profile_id
      join users u on u.id = p.user_id where ph.reviewed_at is null order by ph.created_at, ph.id limit 20`,
)
console.log(`\nplan of the photo queue's page:\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`)
const reportPlan = await queryRows<{ 'QUERY PLAN': string }>(
  db,
  sql`explain (analyze, buffers) select to_char(day, 'YYYY-MM-DD'), currency, sum(signups), sum(revenue)
      from stats_days where day >= ${yearAgo}::date and day <= ${today}::date group by 1, 2`,
)
console.log(`\nplan of a year's figures by day:\n${reportPlan.map((r) => r['QUERY PLAN']).join('\n')}`)
await database.close()

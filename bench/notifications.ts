// npm run bench:notifications (DATABASE_URL set to a scratch PostgreSQL database): the cost of the
// notification jobs (ADR 19) for 100,000 members. Seeds 100,000 real (not demo) members when fewer are
// there, 20,000 conversations whose unread messages are a day old (a third of the readers on the
// site) and 30,000 new likes, then times each job's run that writes the mails and a second run
// that finds nothing left to send (the steady state of a job every minute), with the peak memory; then
// the weekly update, with 2,000 of them new this week, spread over the country's regions.
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDatabase, queryRows } from '../server/db/client.ts'
import { ensureReferenceData } from '../server/db/reference/ensure-reference-data.ts'
import { readEnv } from '../server/env.ts'
import { standaloneNotificationJobs } from '../server/modules/notifications/standalone-jobs.ts'

const MEMBERS = 100_000
const CONVERSATIONS = 20_000
const LIKES = 30_000
const env = readEnv()
if (!env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a scratch PostgreSQL database (it gets 100,000 members).')
  process.exit(2)
}
const database = await openDatabase({ url: env.DATABASE_URL })
await database.migrate()
await ensureReferenceData(database.db)
const db = database.db
const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(db, query))[0].n)

if (
  (await count(
    sql`select count(*)::int as n from messages where client_id like 'nb-%' and created_at < now() - interval '1 day'`,
  )) < CONVERSATIONS
) {
  const started = performance.now()
  await db.execute(sql`delete from users where email like 'nb-%'`)
  await db.execute(sql`
    insert into users (site_id, email, status, language, signup_date, online_until)
    select 1, 'nb-' || g || '@example.com', 'active', case when g % 3 = 0 then 'fr' else 'en' end,
      now() - interval '30 days', case when g % 3 = 1 then now() + interval '1 hour' end
    from generate_series(1, ${MEMBERS}) g`)
  await db.execute(sql`
    insert into profiles (user_id, name, gender, birth_date, country)
    select id, 'Member ' || id, case when id % 2 = 0 then 'female' else 'male' end, '1990-01-01', 'NL'
    from users where email like 'nb-%'`)
  // Conversations between member k and k + 1, the second has an unread message of 25 hours ago.
  await db.execute(sql`
    with pairs as (
      select row_number() over (order by id) as rn, id from users where email like 'nb-%' order by id
    ), made as (
      insert into conversations (created_at) select now() from generate_series(1, ${CONVERSATIONS})
      returning id
    ), numbered as (select id, row_number() over (order by id) as rn from made)
    insert into conversation_members (conversation_id, user_id, partner_user_id, unread, last_message_at, has_sent)
    select n.id, side.user_id, side.partner, side.unread, now() - interval '25 hours', side.sent
    from numbered n
    join pairs a on a.rn = 2 * n.rn - 1
    join pairs b on b.rn = 2 * n.rn
    cross join lateral (values (a.id, b.id, 0, true), (b.id, a.id, 1, false)) side(user_id, partner, unread, sent)`)
  await db.execute(sql`
    insert into messages (conversation_id, sender_user_id, body, client_id, created_at)
    select cm.conversation_id, cm.user_id, 'Hello', 'nb-' || cm.conversation_id, now() - interval '25 hours'
    from conversation_members cm join users u on u.id = cm.user_id
    where u.email like 'nb-%' and cm.has_sent`)
  await db.execute(sql`
    insert into likes (liker_user_id, liked_user_id, created_at)
    select u.id, u.id + 7, now() - interval '2 hours'
    from users u where u.email like 'nb-%' and u.id + 7 <= (select max(id) from users where email like 'nb-%')
    order by u.id limit ${LIKES}
    on conflict do nothing`)
  await db.execute(sql`analyze`)
  console.log(
    `seeded ${MEMBERS.toLocaleString('en')} members in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )
}
// Every run starts from the same state: no notification sent yet, no mail in the outbox, one member
// in fifty joined two days ago, every member in one of the country's regions.
await db.execute(sql`
  update profiles p set region_id = r.id
  from users u, (select id, row_number() over (order by id) - 1 as rn from regions where country = 'NL') r
  where u.id = p.user_id and u.email like 'nb-%' and p.region_id is null
    and r.rn = u.id % (select count(*) from regions where country = 'NL')`)
await db.execute(sql`
  update users set signup_date = case when id % 50 = 0 then now() - interval '2 days' else now() - interval '30 days' end
  where email like 'nb-%'`)
await db.execute(
  sql`delete from notification_log where key like 'message:%' or key like 'likes:%' or key like 'unread:%' or key like 'weekly:%'`,
)
await db.execute(sql`delete from mail_outbox where to_address like 'nb-%'`)

const now = () => new Date()
const notifications = await standaloneNotificationJobs(db, { ...env, NOTIFY_DELAY_S: 300 }, { now })

async function timed(name: string, run: () => Promise<{ sent: number }>) {
  let peak = process.memoryUsage().rss
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  const before = process.memoryUsage().rss
  const started = performance.now()
  const { sent } = await run()
  const ms = performance.now() - started
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  console.log(
    `${name.padEnd(34)} ${String(sent).padStart(6)} mails  ${ms.toFixed(0).padStart(6)} ms  ` +
      `peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB (+${((peak - before) / 2 ** 20).toFixed(0)} MiB)`,
  )
}

console.log(`notification jobs over ${MEMBERS.toLocaleString('en')} members (PostgreSQL)`)
await timed('message mails, first run', () => notifications.sendMessageMails())
await timed('message mails, nothing left', () => notifications.sendMessageMails())
await timed('like mails, first run', () => notifications.sendLikeMails())
await timed('like mails, nothing left', () => notifications.sendLikeMails())
await timed('unread reminders, first run', () => notifications.sendUnreadReminders())
await timed('unread reminders, nothing left', () => notifications.sendUnreadReminders())
await db.execute(sql`delete from mail_outbox where to_address like 'nb-%'`)
await timed('weekly update, first run', () => notifications.sendWeeklyUpdates())
await timed('weekly update, nothing left', () => notifications.sendWeeklyUpdates())
const plan = await queryRows<{ 'QUERY PLAN': string }>(
  db,
  sql`explain analyze select count(*) from conversation_members cm
      where cm.unread > 0 and cm.last_message_at > now() - interval '2 days'`,
)
console.log(`scan of the unread sides: ${plan.at(-1)?.['QUERY PLAN']}`)
await database.close()

import { spawn } from 'node:child_process'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

const MEMBERS = 450
let t: TestApp
const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(t.database.db, query))[0].n)

// Two processes on one database: PostgreSQL only (PGlite lives inside one process), so the pglite
// project leaves this file out (vitest.config.ts).
describe('a notification job killed mid-run', () => {
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('is done once after the restart: every member gets exactly one mail', async () => {
    const db = t.database.db
    // Members who signed up two days ago and never confirmed: each is due one reminder.
    await db.execute(sql`
      insert into users (site_id, email, status, language, signup_date)
      select 1, 'restart-' || g || '@example.com', 'not_confirmed', 'en', now() - interval '2 days'
      from generate_series(1, ${MEMBERS}) g`)
    await db.execute(sql`
      insert into profiles (user_id, name, gender, birth_date, country, status)
      select id, 'Member ' || id, 'female', '1990-01-01', 'NL', 'disabled'
      from users where email like 'restart-%'`)
    const url = t.database.url
    expect(url).toBeTruthy()

    // The job in a process of its own, 10 ms a mail: killed once its first batch is written.
    const child = spawn(process.execPath, ['tests/support/notification-job.ts', String(url), '10'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_, signal) => resolve(signal)),
    )
    const reminded = () =>
      count(sql`select count(*)::int as n from notification_log where key like 'signup:%'`)
    for (let tries = 0; (await reminded()) === 0 && tries < 600; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    const before = await reminded()
    expect(before).toBeGreaterThan(0)
    expect(before).toBeLessThan(MEMBERS)

    // The restart: the next run finds what is left, and nothing twice.
    await t.app.services.notifications.sendSignupReminders()
    await t.app.services.notifications.sendSignupReminders()
    const perMember = await queryRows<{ mails: number; members: number }>(
      db,
      sql`select mails, count(*)::int as members from (
            select u.id, count(m.id)::int as mails from users u
            left join mail_outbox m on m.to_address = u.email
            where u.email like 'restart-%' group by u.id
          ) each group by mails`,
    )
    expect(perMember).toEqual([{ mails: 1, members: MEMBERS }])
    expect(await reminded()).toBe(MEMBERS)
  })
})

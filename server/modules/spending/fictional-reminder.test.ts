import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sendPaidMessage } from '../../../tests/support/chat.ts'
import { buildMember } from '../../../tests/support/factories.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

// Issue 54, point 9 (ADR 32): a reminder of what fictional profiles are, at each further amount a
// member spends in conversations with them, with the limit and the break offered.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  // A reminder at each €1 spent with fictional profiles (a message costs €1.00 before a purchase).
  await t.database.db.execute(
    sql`update sites set settings = jsonb_set(settings, '{fictional_spend_reminder}', '1'::jsonb)`,
  )
  await t.app.services.sites.reload()
})
afterAll(() => t.close())

const site = () => t.app.services.sites.list()[0]
/** The member's credit value as their account answers it (common/credit-value.ts). */
async function creditValueOf(m: { cookie: string }) {
  const res = await t.app.inject({ url: '/api/user.php', headers: { cookie: m.cookie } })
  return res.json().user.credit_value
}
const asProfile = (userId: number, profileId: number) => ({
  user: { id: userId, profile: { id: profileId } },
})

describe('the reminder for spending with fictional profiles (ADR 32)', () => {
  it('comes at each further amount spent with fictional profiles, never for real members', async () => {
    const m = await activeMember(t.app, { name: 'Spendthrift' })
    const real = await buildMember(t.database.db, { name: 'Realone' })
    const fictional = await buildMember(t.database.db, { name: 'Maaike', fictional: true })
    const reminder = async () =>
      t.app.services.spending.fictionalReminder(m.user.id, site(), await creditValueOf(m))

    expect(await reminder()).toBeNull()
    for (let i = 0; i < 3; i++) await sendPaidMessage(t.app, m, asProfile(real.user.id, real.profile.id))
    expect(await reminder()).toBeNull()

    await sendPaidMessage(t.app, m, asProfile(fictional.user.id, fictional.profile.id))
    await sendPaidMessage(t.app, m, asProfile(fictional.user.id, fictional.profile.id))
    const due = await reminder()
    expect(due).toMatchObject({ currency: 'EUR' })
    expect(due?.level).toBe(Math.floor((due?.spent ?? 0) / 100))
    expect(due?.level).toBeGreaterThanOrEqual(1)

    // Reading it ("I understand") keeps it away until the next euro.
    await t.app.services.spending.readFictionalReminder(m.user.id, site(), await creditValueOf(m))
    expect(await reminder()).toBeNull()

    await sendPaidMessage(t.app, m, asProfile(fictional.user.id, fictional.profile.id))
    await sendPaidMessage(t.app, m, asProfile(fictional.user.id, fictional.profile.id))
    expect((await reminder())?.level).toBeGreaterThan(due?.level ?? 0)
  })
})

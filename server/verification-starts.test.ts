import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VERIFICATION_STARTS_PER_DAY } from '#common/verification.ts'
import { queryRows } from '#server/db/client.ts'
import { photos } from '#server/db/schema/members.ts'
import { buildMember } from '../tests/support/factories.ts'
import { createTestApp, type TestApp } from '../tests/support/test-app.ts'

// Issue 55, point 4 (ADR 13, round 4): the day's verification starts are counted under the
// member's row lock, so starts asked for at once cannot all pass one count. Outside the
// verification folder so that it runs on PostgreSQL too, where requests really are at once.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('verification starts', () => {
  it(`are at most ${VERIFICATION_STARTS_PER_DAY} a day, however many are asked for at once`, async () => {
    const m = await buildMember(t.database.db, { name: 'Eager' })
    // A second photo: a check needs two.
    await t.database.db.insert(photos).values({
      profileId: m.profile.id,
      filename: 'u/x/second.webp',
      thumbFilename: 'u/x/second-thumb.webp',
      position: 1,
    })
    const site = t.app.services.sites.list()[0]
    if (!site) throw new Error('no site')
    const member = { userId: m.user.id, siteId: site.id, paid: false }
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, () => t.app.services.verification.start(member, site)),
    )
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(VERIFICATION_STARTS_PER_DAY)
    const refused = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected')
    expect(new Set(refused.map((a) => (a.reason as { code?: string }).code))).toEqual(
      new Set(['verification.too_many']),
    )
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from verifications where user_id = ${m.user.id}`,
    )
    expect(row?.n).toBe(VERIFICATION_STARTS_PER_DAY)
  })
})

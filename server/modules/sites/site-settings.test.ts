import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { queryRows } from '#server/db/client.ts'
import { readEnv } from '#server/env.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, createTestDatabase, type TestApp, testEnv } from '../../../tests/support/test-app.ts'

const put = (app: FastifyInstance, who: TestStaff, payload: object) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/site-settings.php',
    payload,
    headers: { cookie: who.cookie },
    remoteAddress: remote(),
  })
const settings = async (app: FastifyInstance) =>
  (await app.inject({ url: '/api/settings.php', headers: { host: 'lunadate.com' } })).json()

describe('business settings of a site', () => {
  let t: TestApp
  let admin: TestStaff
  let siteId: number
  beforeAll(async () => {
    t = await createTestApp()
    admin = await staffMember(t.app, 'admin', () => new Date())
    siteId = (
      await queryRows<{ id: number }>(t.database.db, sql`select id from sites where domain = 'lunadate.com'`)
    )[0].id
  })
  afterAll(() => t.close())

  it('change at once on the site, audited with what they were and became', async () => {
    const before = await settings(t.app)
    const res = await put(t.app, admin, {
      site: siteId,
      settings: { message_credits: before.message_credits + 3, support_email: 'help@lunadate.com' },
      company: { city: 'Utrecht' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().site.settings.message_credits).toBe(before.message_credits + 3)
    const after = await settings(t.app)
    expect(after.message_credits).toBe(before.message_credits + 3)
    expect(after.support_email).toBe('help@lunadate.com')
    const [audit] = await queryRows<{ before: unknown; after: unknown }>(
      t.database.db,
      sql`select before, after from audit_log where action = 'site.settings' order by id desc limit 1`,
    )
    expect(audit.before).toMatchObject({
      settings: { message_credits: before.message_credits },
      company: { city: expect.any(String) },
    })
    expect(audit.after).toEqual({
      settings: { message_credits: before.message_credits + 3, support_email: 'help@lunadate.com' },
      company: { city: 'Utrecht' },
    })
  })

  it('refuses a value the site cannot work with, and every role but admins', async () => {
    const bad = await put(t.app, admin, { site: siteId, settings: { message_length: 0 } })
    expect(bad.statusCode).toBe(400)
    const operator = await staffMember(t.app, 'operator', () => new Date())
    expect((await put(t.app, operator, { site: siteId, settings: { message_credits: 1 } })).statusCode).toBe(
      403,
    )
  })

  it('offers only search filters that exist: a misspelt one is refused, not hidden (issue 57)', async () => {
    const misspelt = await put(t.app, admin, {
      site: siteId,
      settings: { search_fields: ['gender', 'contry'] },
    })
    expect(misspelt.statusCode).toBe(400)
    const fewer = await put(t.app, admin, {
      site: siteId,
      settings: { search_fields: ['gender', 'country'] },
    })
    expect(fewer.statusCode).toBe(200)
    const all = ['gender', 'country', 'countryregion', 'min_age', 'max_age']
    expect((await put(t.app, admin, { site: siteId, settings: { search_fields: all } })).statusCode).toBe(200)
  })

  it('the gift catalogue: the site offers the gifts chosen, in their order, and refuses the others', async () => {
    expect(
      (await put(t.app, admin, { site: siteId, settings: { gifts: ['rose', 'rose'] } })).statusCode,
    ).toBe(400)
    const res = await put(t.app, admin, { site: siteId, settings: { gifts: ['ring', 'rose'] } })
    expect(res.statusCode).toBe(200)
    expect((await settings(t.app)).gifts).toEqual(['ring', 'rose'])
    // Members of the first site (lunadate.com, the site of unknown hosts such as localhost).
    const a = await activeMember(t.app, { name: 'Giver' })
    const b = await activeMember(t.app, { name: 'Taker', gender: 'female' })
    await t.database.db.execute(sql`update users set credits = 100 where id = ${a.user.id}`)
    const gift = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/message.php',
        payload: { profile: b.user.profile.id, text: '', gift: key, client_id: `gift-${key}-${Date.now()}` },
        headers: { cookie: a.cookie, host: 'localhost:3000', 'accept-language': 'fr' },
      })
    const refused = await gift('teddy')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.message).toBe('Ce cadeau n’est plus proposé. Choisissez-en un autre.')
    expect((await gift('ring')).statusCode).toBe(200)
  })
})

// Several app nodes read a change at once: through Redis when TEST_REDIS_URL is set (.ci/run), and
// through PostgreSQL's NOTIFY without Redis on the PostgreSQL project (ADR 22).
const transports = [
  ...(testEnv.TEST_REDIS_URL ? [{ name: 'Redis', env: { REDIS_URL: testEnv.TEST_REDIS_URL } }] : []),
  ...(testEnv.TEST_DB_KIND === 'postgres' ? [{ name: 'PostgreSQL alone', env: {} }] : []),
]
describe.runIf(transports.length > 0).each(transports)(
  'business settings across two app nodes, through $name',
  ({ env: transport }) => {
    const nodes: FastifyInstance[] = []
    let drop: () => Promise<void>
    let dataDir: string
    beforeAll(async () => {
      const db = await createTestDatabase()
      drop = db.drop
      dataDir = mkdtempSync(path.join(tmpdir(), 'dating-settings-'))
      for (let i = 0; i < 2; i++) {
        const env = readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...transport })
        nodes.push(await buildApp({ env, database: db.database, pages: false, logger: false }))
      }
    })
    afterAll(async () => {
      for (const app of nodes) await app.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    })

    it('a change made through one node shows on the other at once', async () => {
      const [a, b] = nodes
      const admin = await staffMember(a, 'admin', () => new Date())
      const siteId = (
        await queryRows<{ id: number }>(
          a.database.db,
          sql`select id from sites where domain = 'lunadate.com'`,
        )
      )[0].id
      const credits = (await settings(b)).gift_credits + 11
      expect((await put(a, admin, { site: siteId, settings: { gift_credits: credits } })).statusCode).toBe(
        200,
      )
      let seen = 0
      for (let i = 0; i < 50 && seen !== credits; i++) {
        seen = (await settings(b)).gift_credits
        if (seen !== credits) await new Promise((resolve) => setTimeout(resolve, 40))
      }
      expect(seen).toBe(credits)
    })
  },
)

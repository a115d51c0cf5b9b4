import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeMember } from '../tests/support/accounts.ts'
import { memberRequest } from '../tests/support/requests.ts'
import { createTestApp, type TestApp } from '../tests/support/test-app.ts'

const TOKEN = 'scrape-token-0123456789'

describe('GET /metrics', () => {
  let t: TestApp
  let bare: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } })
    bare = await createTestApp()
  })
  afterAll(async () => {
    await t.close()
    await bare.close()
  })

  const scrape = (authorization?: string) =>
    t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} })

  it('is not there without a token set, and refuses a scrape without the right one', async () => {
    expect(
      (await bare.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404)
    expect((await scrape()).statusCode).toBe(401)
    expect((await scrape(`Bearer ${TOKEN.replace('0', '1')}`)).statusCode).toBe(401)
  })

  it('counts requests by route pattern and status with their time, and tells sockets, batches and the process', async () => {
    for (let i = 0; i < 3; i++)
      await t.app.inject({ url: '/api/settings.php', headers: { host: 'localhost:3000' } })
    await t.app.inject({ url: '/api/member.php?id=424242', headers: { host: 'localhost:3000' } })
    // A member's request reads its session through the group commit.
    const member = await activeMember(t.app)
    expect((await memberRequest(t.app, member, 'GET', '/api/user.php')).statusCode).toBe(200)
    const res = await scrape(`Bearer ${TOKEN}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const text = res.body
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/settings\.php",status="200"\} 3/,
    )
    // A member's id is not a series of its own: the route's pattern is.
    expect(text).toMatch(/route="\/api\/member\.php",status="404"/)
    // (In a label, that is: a sample's value may hold the digits, as 0.0936703224242424 once did.)
    expect(text).not.toMatch(/="[^"]*424242[^"]*"/)
    expect(text).toMatch(/^websocket_connections 0$/m)
    expect(text).toContain('metrics_refused_total 2')
    expect(text).toMatch(/db_batch_size_count\{batch="sessions"\} [1-9]/)
    if (t.database.kind === 'postgres') expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]/m)
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { createTestDatabase, testEnv } from '../../tests/support/test-app.ts'
import { buildApp } from '../app.ts'
import { type Jobs, startJobs } from './jobs.ts'

let database: Database
let drop: () => Promise<void>
let jobs: Jobs
const runs: string[] = []

beforeAll(async () => {
  ;({ database, drop } = await createTestDatabase())
  await database.migrate()
  const app = await buildApp({ env: testEnv, database, pages: false, logger: false, jobs: false })
  jobs = await startJobs(database, app.log, [
    {
      name: 'test-job',
      cron: '0 3 * * *',
      run: async () => {
        runs.push(new Date().toISOString())
        return { ok: true }
      },
    },
  ])
}, 60_000)
afterAll(async () => {
  await jobs.stop()
  await drop()
})

describe('jobs', () => {
  it('runs a queued job through pg-boss on this database', async () => {
    await jobs.runNow('test-job')
    const started = Date.now()
    while (runs.length === 0 && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 100))
    expect(runs).toHaveLength(1)
    const schedules = await jobs.boss.getSchedules()
    expect(schedules.map((s) => [s.name, s.cron])).toContainEqual(['test-job', '0 3 * * *'])
  }, 30_000)
})

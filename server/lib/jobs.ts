import type { FastifyBaseLogger } from 'fastify'
import { fromPglite, PgBoss } from 'pg-boss'
import type { Database } from '#server/db/client.ts'

interface ScheduledJob {
  name: string
  /** Cron expression, in UTC. */
  cron: string
  run: () => Promise<unknown>
}

export type Jobs = Awaited<ReturnType<typeof startJobs>>

/**
 * Scheduled and retried work on pg-boss, in the same database: on PostgreSQL a job runs once across
 * all app nodes; on PGlite through the adapter pg-boss ships.
 */
export async function startJobs(database: Database, log: FastifyBaseLogger, jobs: ScheduledJob[]) {
  const boss =
    'pglite' in database.raw
      ? new PgBoss({ db: fromPglite(database.raw.pglite), backend: 'pglite' })
      : new PgBoss({
          connectionString: database.raw.primary.current(),
          // pg-boss hands its options to node-postgres' pool: its connections follow the primary too.
          Client: database.raw.primary.Client,
          max: 3,
          application_name: 'dating-jobs',
        } as ConstructorParameters<typeof PgBoss>[0])
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'))
  await boss.start()
  for (const job of jobs) {
    await boss.createQueue(job.name, { retryLimit: 3, retryBackoff: true })
    await boss.schedule(job.name, job.cron, null, { tz: 'UTC' })
    await boss.work(job.name, async () => {
      const result = await job.run()
      log.info({ job: job.name, result }, 'job done')
      return result
    })
  }
  return {
    /** Queues a run now (besides the schedule). */
    runNow: (name: string) => boss.send(name, {}),
    /** Jobs ready to run and not taken yet, per queue (the metrics). */
    waiting: async () =>
      Promise.all(
        jobs.map(async (job) => ({
          name: job.name,
          waiting: (await boss.getQueue(job.name))?.readyCount ?? 0,
        })),
      ),
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
    boss,
  }
}

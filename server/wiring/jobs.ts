// The scheduled work of the node (pg-boss, one run per schedule across every node: ADR 16, ADR 19).
import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/client.ts'
import { deleteEndedWindows } from '#server/db/rate-limits.ts'
import type { Clock } from '#server/lib/clock.ts'
import { startJobs } from '#server/lib/jobs.ts'
import type { MetricSources } from '#server/lib/metrics.ts'
import type { Wiring } from './services.ts'

export async function startScheduledJobs(
  app: FastifyInstance,
  {
    database,
    now,
    wiring,
    metricSources,
  }: { database: Database; now: Clock; wiring: Wiring; metricSources: MetricSources },
) {
  const { services, directDebit, kicks } = wiring
  const { accountSettings, exports, signals, notifications, payments } = services
  const jobs = await startJobs(database, app.log, [
    {
      name: 'purge-deleted-accounts',
      cron: '17 * * * *',
      run: () => accountSettings.purgeExpiredDeletions(),
    },
    {
      name: 'prepare-data-exports',
      cron: '* * * * *',
      run: () => exports.prepareWaiting(),
    },
    {
      name: 'forget-data-exports',
      cron: '23 * * * *',
      run: () => exports.forgetExpired(),
    },
    {
      name: 'end-suspensions',
      cron: '*/10 * * * *',
      run: () => services.reports.endSuspensions(),
    },
    {
      name: 'forget-opening-messages',
      cron: '41 3 * * *',
      run: () => signals.forgetOpenings(),
    },
    {
      name: 'refresh-statistics',
      cron: '*/5 * * * *',
      run: () => services.statistics.refreshRecent(),
    },
    {
      name: 'message-mails',
      cron: '* * * * *',
      run: () => notifications.sendMessageMails(),
    },
    {
      name: 'like-mails',
      cron: '*/10 * * * *',
      run: () => notifications.sendLikeMails(),
    },
    {
      name: 'unread-message-reminders',
      cron: '7 * * * *',
      run: () => notifications.sendUnreadReminders(),
    },
    {
      name: 'turn-reminders',
      cron: '37 * * * *',
      run: () => notifications.sendTurnReminders(),
    },
    {
      name: 'signup-reminders',
      cron: '23 * * * *',
      run: () => notifications.sendSignupReminders(),
    },
    {
      name: 'weekly-updates',
      cron: '0 9-21 * * 1',
      run: () => notifications.sendWeeklyUpdates(),
    },
    {
      // Members who chose their town before places were kept (ADR 26) get theirs.
      name: 'place-members',
      cron: '*/15 * * * *',
      run: async () => {
        let placed: number
        do placed = await wiring.geocoder.placeUnplaced()
        while (placed === 5000)
      },
    },
    {
      name: 'expire-abandoned-checkouts',
      cron: '*/10 * * * *',
      run: () => payments.expireAbandoned(),
    },
    {
      // A withdrawal's or a closing's refund the provider did not confirm is asked again (ADR 32).
      name: 'pay-owed-refunds',
      cron: '*/5 * * * *',
      run: () => services.owedRefunds.payUnderWay(),
    },
    {
      name: 'forget-ended-rate-limits',
      cron: '*/15 * * * *',
      run: () => deleteEndedWindows(database.db, now()),
    },
    {
      name: 'forget-unconfirmed-direct-debits',
      cron: '*/10 * * * *',
      run: () => directDebit.forgetExpired(),
    },
    {
      // A live check's frames are in: decided at once when a request kicks it (issue 37).
      name: 'decide-verifications',
      cron: '* * * * *',
      run: () => services.verification.decideWaiting(),
    },
    {
      // A verified member's new main photo is compared with their face: the badge follows it.
      name: 'recheck-verified-photos',
      cron: '* * * * *',
      run: () => services.verification.recheckMainPhotos(),
    },
    {
      // A ban's photos are measured for the ban list of faces (issue 60): at once when a ban kicks it.
      name: 'measure-banned-faces',
      cron: '*/5 * * * *',
      run: () => services.bannedFaces.measureWaiting(),
    },
    {
      name: 'expire-verification-reviews',
      cron: '29 * * * *',
      run: () => services.verification.expireReviews(),
    },
  ])
  kicks.verifications = () => void jobs.runNow('decide-verifications')
  kicks.exports = () => void jobs.runNow('prepare-data-exports')
  kicks.bannedFaces = () => void jobs.runNow('measure-banned-faces')
  metricSources.queues = jobs.waiting
  app.addHook('onClose', () => jobs.stop())
}

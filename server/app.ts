import type { Agent as HttpsAgent } from 'node:https'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { constants as zlibConstants } from 'node:zlib'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import swagger from '@fastify/swagger'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import type { ViteDevServer } from 'vite'
import { API_PREFIX, OPENAPI_PATH } from '#common/api.ts'
import { openApiTransform } from '#server/lib/api-route.ts'
import { type Database, openDatabase } from './db/client.ts'
import { deleteEndedWindows } from './db/rate-limits.ts'
import { ensureReferenceData } from './db/reference/ensure-reference-data.ts'
import type { Env } from './env.ts'
import { type Clock, systemClock } from './lib/clock.ts'
import { drainable } from './lib/drain.ts'
import { AppError } from './lib/errors.ts'
import { createEventBus } from './lib/events.ts'
import { startJobs } from './lib/jobs.ts'
import { bindRequestIds, loggerOptions, requestIdOptions } from './lib/logger.ts'
import { openMediaStore, openPrivateStore } from './lib/media-store.ts'
import { type MetricSources, metricsPlugin } from './lib/metrics.ts'
import { createPgEventBus } from './lib/pg-events.ts'
import { trustedProxies } from './lib/proxies.ts'
import { databaseRateLimitStore } from './lib/rate-limit-store.ts'
import { createRedisEventBus } from './lib/redis-events.ts'
import { validatorCompiler } from './lib/safe-input.ts'
import { accountSettingsRoutes } from './modules/accounts/account-settings.routes.ts'
import { createAccountSettingsService } from './modules/accounts/account-settings.service.ts'
import { accountsRoutes } from './modules/accounts/accounts.routes.ts'
import { createAccountsService } from './modules/accounts/accounts.service.ts'
import { dataExportRoutes } from './modules/accounts/data-export.routes.ts'
import { createDataExportService } from './modules/accounts/data-export.service.ts'
import { memberSupportRoutes } from './modules/accounts/member-support.routes.ts'
import { createMemberSupportService } from './modules/accounts/member-support.service.ts'
import { createPasswordService } from './modules/accounts/password.service.ts'
import { auditRoutes } from './modules/audit/audit.routes.ts'
import { createAuditService } from './modules/audit/audit.service.ts'
import { chatRoutes } from './modules/chat/chat.routes.ts'
import { createChatService } from './modules/chat/chat.service.ts'
import { chatPhotosRoutes } from './modules/chat/chat-photos.routes.ts'
import { complaintsRoutes } from './modules/complaints/complaints.routes.ts'
import { createComplaintsService } from './modules/complaints/complaints.service.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { likesRoutes } from './modules/likes/likes.routes.ts'
import { createLikesService } from './modules/likes/likes.service.ts'
import { createSwipeService } from './modules/likes/swipe.service.ts'
import { createGeocodeService } from './modules/location/geocode.service.ts'
import { locationRoutes } from './modules/location/location.routes.ts'
import { createMailService } from './modules/mail/mail.service.ts'
import { mailboxRoutes } from './modules/mail/mailbox.routes.ts'
import { twilioSms } from './modules/mail/sms-provider.ts'
import { fictionalProfilesRoutes } from './modules/members/fictional-profiles.routes.ts'
import { createFictionalProfilesService } from './modules/members/fictional-profiles.service.ts'
import { createMemberPageService } from './modules/members/member-page.service.ts'
import { membersRoutes } from './modules/members/members.routes.ts'
import { createMembersService } from './modules/members/members.service.ts'
import { profileRoutes } from './modules/members/profile.routes.ts'
import { createProfileService } from './modules/members/profile.service.ts'
import { createBansService } from './modules/moderation/bans.service.ts'
import { moderationRoutes } from './modules/moderation/moderation.routes.ts'
import { createPhotoReviewService } from './modules/moderation/photo-review.service.ts'
import { createReportsService } from './modules/moderation/reports.service.ts'
import { createSignalsService } from './modules/moderation/signals.service.ts'
import { mailgunEvents } from './modules/notifications/mail-events.ts'
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts'
import { createNotificationsService } from './modules/notifications/notifications.service.ts'
import { pushSender } from './modules/notifications/push-sender.ts'
import { createInboxService } from './modules/operators/inbox.service.ts'
import { operatorsRoutes } from './modules/operators/operators.routes.ts'
import { createCatalogService } from './modules/payments/catalog.service.ts'
import { createDirectDebitService } from './modules/payments/direct-debit.service.ts'
import { createDiscountsService } from './modules/payments/discounts.service.ts'
import { mollieProvider } from './modules/payments/mollie-provider.ts'
import { paymentsRoutes } from './modules/payments/payments.routes.ts'
import { createPaymentsService } from './modules/payments/payments.service.ts'
import { refundsRoutes } from './modules/payments/refunds.routes.ts'
import { createRefundsService } from './modules/payments/refunds.service.ts'
import { sandboxProvider } from './modules/payments/sandbox-provider.ts'
import { mediaRoutes } from './modules/photos/media.routes.ts'
import { photosRoutes } from './modules/photos/photos.routes.ts'
import { createPhotosService } from './modules/photos/photos.service.ts'
import { createDashboardService } from './modules/reports/dashboard.service.ts'
import { sandboxPspRoutes } from './modules/sandbox-psp/sandbox-psp.routes.ts'
import { createSandboxPspService } from './modules/sandbox-psp/sandbox-psp.service.ts'
import { appManifestRoutes } from './modules/sites/app-manifest.routes.ts'
import { createContentPagesService } from './modules/sites/content-pages.service.ts'
import { keepMembersUnindexed, searchEngineRoutes } from './modules/sites/search-engines.routes.ts'
import { siteSettingsRoutes } from './modules/sites/site-settings.routes.ts'
import { createSiteSettingsService } from './modules/sites/site-settings.service.ts'
import { sitesRoutes } from './modules/sites/sites.routes.ts'
import { createSitesService } from './modules/sites/sites.service.ts'
import { staffRoutes } from './modules/staff/staff.routes.ts'
import { createStaffService } from './modules/staff/staff.service.ts'
import { createStaffAdminService } from './modules/staff/staff-admin.service.ts'
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts'
import { createStatisticsService } from './modules/statistics/statistics.service.ts'
import { csrfPlugin } from './plugins/csrf.ts'
import { errorsPlugin } from './plugins/errors.ts'
import { securityPlugin } from './plugins/security.ts'
import { sessionPlugin } from './plugins/session.ts'
import { ssrPlugin } from './plugins/ssr.ts'
import type { AppServices } from './plugins/ssr-context.ts'
import { staffSessionPlugin } from './plugins/staff-session.ts'
import { visitorPlugin } from './plugins/visitor.ts'
import { websocketPlugin } from './plugins/websocket.ts'

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url))

export interface BuildAppOptions {
  env: Env
  /** An already opened database (tests); otherwise opened from env and closed with the app. */
  database?: Database
  devServer?: ViteDevServer
  /** Serve pages through React Router; API-only tests leave it off. */
  pages?: boolean
  logger?: boolean
  /** Where logs go (tests read them back); stdout by default. */
  logStream?: NodeJS.WritableStream
  /** Run the scheduled jobs (off in tests unless asked for). */
  jobs?: boolean
  /** The one clock of every service (tests move it); the system's by default. */
  clock?: Clock
  /** The HTTPS agent pushes go through (a test trusts its local push service's certificate with it). */
  pushAgent?: HttpsAgent
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database
    services: AppServices
    /** Every route registered (method and URL): the authorization matrix test walks it. */
    routeTable: ReadonlyArray<{ method: string; url: string }>
  }
}

/** Builds the whole server: the table of contents of every plugin and module. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options
  const now = options.clock ?? systemClock
  const production = env.NODE_ENV === 'production'
  const database =
    options.database ??
    (await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR }))
  await database.migrate()
  await ensureReferenceData(database.db)

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(env), ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1_048_576,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    ...requestIdOptions,
  })
  bindRequestIds(app)
  app.decorate('database', database)
  const routeTable: Array<{ method: string; url: string }> = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url })
  })
  if (!options.database) app.addHook('onClose', () => database.close())
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  drainable(app)
  // Metrics first, so that every route's answers are timed (ADR 22).
  const metricSources: MetricSources = {
    sockets: () => 0,
    pool: database.poolUse,
    queues: async () => [],
  }
  metricsPlugin(app, { token: env.METRICS_TOKEN, sources: metricSources })

  // Services
  /** Photos: this node's DATA_DIR/media, or an S3-compatible bucket every node shares (ADR 22). */
  const media = openMediaStore(env)
  const sites = await createSitesService(database.db, env)
  const members = createMembersService(database.db, { now })
  const memberPages = createMemberPageService(database.db, { now })
  const mail = createMailService(database.db, {
    smtpUrl: env.MAIL === 'smtp' ? env.SMTP_URL : undefined,
    from: env.MAIL_FROM ?? `${sites.list()[0].settings.name} <${sites.list()[0].settings.support_email}>`,
    log: app.log,
    now,
    sms:
      env.SMS === 'twilio'
        ? twilioSms({
            accountSid: env.TWILIO_ACCOUNT_SID ?? '',
            authToken: env.TWILIO_AUTH_TOKEN ?? '',
            from: env.TWILIO_FROM ?? '',
            apiUrl: env.TWILIO_API_URL,
          })
        : null,
  })
  mail.start()
  app.addHook('onClose', async () => mail.stop())
  const accounts = createAccountsService(database.db, { mail, now, lane: database.lane })
  const passwords = createPasswordService(database.db, { mail, now })
  // Jobs start after the services: a request kicks the export job once it runs.
  const kicks = { exports: () => {} }
  const exports = createDataExportService(database.db, {
    now,
    sites,
    mail,
    media,
    files: openPrivateStore(env),
    kick: () => kicks.exports(),
  })
  const accountSettings = createAccountSettingsService(database.db, {
    mail,
    media,
    now,
    filesToErase: exports.filesToErase,
    removeExportFiles: exports.removeExportFiles,
  })
  const profiles = createProfileService(database.db, { now })
  const photos = createPhotosService(database.db, { media })
  const geocoder = createGeocodeService(database.db, [
    ...new Set(sites.list().flatMap((s) => s.settings.countries)),
  ])
  const complaints = createComplaintsService(database.db, { mail, members })
  const onEventError = (error: unknown) => app.log.error({ err: error }, 'event delivery failed')
  // Events cross nodes through Redis, else through PostgreSQL's NOTIFY; the embedded database has
  // one node (ADR 22).
  const redisBus = env.REDIS_URL ? await createRedisEventBus(env.REDIS_URL, onEventError) : null
  const pgBus =
    !redisBus && 'url' in database.raw ? await createPgEventBus(database.raw.url, onEventError) : null
  const sharedBus = redisBus ?? pgBus
  if (sharedBus) app.addHook('onClose', () => sharedBus.close())
  const events = sharedBus ?? createEventBus(onEventError)
  // Rate limits count in Redis when there is one, else in the database: on every node alike (ADR 22).
  const rateLimitRedis = redisBus?.commands ?? null
  // A site's settings changed on some node: every node reads its sites again.
  const unsubscribeSites = events.subscribe((event) => {
    if (event.type === 'sites.changed') sites.reload().catch(onEventError)
  })
  app.addHook('onClose', async () => unsubscribeSites())
  const signals = createSignalsService(database.db, { now, sites })
  const chat = createChatService(database.db, {
    events,
    now,
    media,
    onOpening: signals.opening,
    onError: (error) => app.log.error({ err: error }, 'reading an opening message for signals failed'),
  })
  const likes = createLikesService(database.db, { events, members, now })
  const swipes = createSwipeService(database.db, { likes, now })
  const sandboxPsp = createSandboxPspService(database.db, { now })
  const discounts = createDiscountsService(database.db, { now })
  const provider =
    env.PAYMENTS === 'mollie'
      ? mollieProvider({ apiKey: env.MOLLIE_API_KEY ?? '', apiEndpoint: env.MOLLIE_API_ENDPOINT })
      : sandboxProvider(sandboxPsp)
  const payments = createPaymentsService(database.db, { events, discounts, now, log: app.log, provider })
  const directDebit = createDirectDebitService(database.db, { payments, now, mail })
  const staff = createStaffService(database.db, { now })
  const notifications = await createNotificationsService(database.db, {
    now,
    sites,
    mail,
    quietSeconds: env.NOTIFY_DELAY_S,
    mailEvents: env.MAILGUN_WEBHOOK_SIGNING_KEY ? mailgunEvents(env.MAILGUN_WEBHOOK_SIGNING_KEY) : null,
    activationToken: accounts.activationToken,
    push: pushSender(
      {
        ...sites.vapidKeys(),
        subject: env.VAPID_SUBJECT ?? `mailto:${sites.list()[0].settings.support_email}`,
      },
      options.pushAgent,
    ),
    onError: (error) => app.log.warn({ err: error }, 'push failed'),
  })
  const unsubscribePushes = events.subscribe((event) => {
    notifications.handleEvent(event).catch(onEventError)
  })
  app.addHook('onClose', async () => unsubscribePushes())
  const audit = createAuditService(database.db, { now })
  const services: AppServices = {
    sites,
    members,
    memberPages,
    accounts,
    passwords,
    accountSettings,
    mail,
    profiles,
    photos,
    complaints,
    likes,
    swipes,
    events,
    chat,
    payments,
    staff,
    audit,
    dashboard: createDashboardService(database.db, { now }),
    photoReview: createPhotoReviewService(database.db, { now, sites, mail }),
    reports: createReportsService(database.db, { now, sites, mail }),
    signals,
    bans: createBansService(database.db, { now, sites }),
    memberSupport: createMemberSupportService(database.db, { now, sites, mail, exports }),
    exports,
    staffAdmin: createStaffAdminService(database.db, { now, staff }),
    inbox: createInboxService(database.db, { now, sites, chat, events }),
    siteSettings: createSiteSettingsService(database.db, { now, sites, events }),
    refunds: createRefundsService(database.db, { provider, sites, mail, events, now }),
    catalog: createCatalogService(database.db, { now, sites, events }),
    contentPages: createContentPagesService(database.db, {
      now,
      sites,
      defaultsDir: fileURLToPath(new URL('../app/content', import.meta.url)),
    }),
    statistics: createStatisticsService(database.db, { now }),
    notifications,
    fictional: createFictionalProfilesService(database.db, {
      now,
      sites,
      profiles,
      media,
    }),
  }
  app.decorate('services', services)
  const secureCookies = env.PUBLIC_URL?.startsWith('https:') ?? false

  // Scheduled work
  if (options.jobs ?? env.NODE_ENV !== 'test') {
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
        name: 'expire-abandoned-checkouts',
        cron: '*/10 * * * *',
        run: () => payments.expireAbandoned(),
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
    ])
    kicks.exports = () => void jobs.runNow('prepare-data-exports')
    metricSources.queues = jobs.waiting
    app.addHook('onClose', () => jobs.stop())
  }

  // Cross-cutting plugins
  await app.register(cookie)
  // Every text answer (pages, JSON, stylesheets and scripts not already compressed at build) goes
  // out in brotli or gzip as the browser asks (issue 19). On the fly, brotli at a middling quality:
  // the best one costs more time than it saves on a page made per request.
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  })
  await app.register(securityPlugin, {
    production,
    https: env.PUBLIC_URL?.startsWith('https:') ?? false,
    rateLimits: rateLimitRedis
      ? { redis: rateLimitRedis }
      : { store: databaseRateLimitStore(database.db, now) },
  })
  await app.register(visitorPlugin, { sites, geoipHeader: env.GEOIP_HEADER })
  await app.register(csrfPlugin, { sites })
  await app.register(sessionPlugin, { accounts, secure: secureCookies })
  await app.register(staffSessionPlugin, { staffForToken: staff.staffForToken, secure: secureCookies })
  await app.register(errorsPlugin)
  await app.register(swagger, {
    openapi: { info: { title: 'Dating app API', version: '1' } },
    transform: openApiTransform,
  })

  // Modules
  // Ready when the database answers and the node is not stopping; Redis is reported, not required:
  // without it the site still works (events catch up at the next refresh), so a node stays in.
  await app.register(healthRoutes, {
    ping: async () => {
      if (app.draining) throw new Error('stopping')
      await database.ping()
    },
    redis: rateLimitRedis ? async () => void (await rateLimitRedis.ping()) : null,
  })
  await app.register(sitesRoutes, { sites })
  await app.register(appManifestRoutes, { sites })
  await app.register(accountsRoutes, {
    accounts,
    secure: secureCookies,
    signupsPerHour: env.SIGNUP_LIMIT_PER_HOUR,
  })
  await app.register(accountSettingsRoutes, { passwords, settings: accountSettings, secure: secureCookies })
  await app.register(profileRoutes, { profiles })
  await app.register(membersRoutes, { members, memberPages })
  await app.register(likesRoutes, { likes, swipes })
  await app.register(chatRoutes, { chat })
  await app.register(notificationsRoutes, { notifications })
  await app.register(chatPhotosRoutes, { chat })
  await app.register(paymentsRoutes, { payments, discounts, directDebit })
  if (env.PAYMENTS === 'sandbox') await app.register(sandboxPspRoutes, { psp: sandboxPsp })
  await app.register(websocketPlugin, {
    events,
    chat,
    presence: notifications,
    countSockets: (count) => {
      metricSources.sockets = count
    },
  })
  await app.register(photosRoutes, { photos })
  await app.register(locationRoutes, { geocoder })
  await app.register(complaintsRoutes, { complaints })
  await app.register(staffRoutes, { staff, staffAdmin: services.staffAdmin, secure: secureCookies })
  await app.register(auditRoutes, { audit })
  await app.register(memberSupportRoutes, { support: services.memberSupport })
  await app.register(dataExportRoutes, { exports })
  await app.register(operatorsRoutes, { inbox: services.inbox })
  await app.register(fictionalProfilesRoutes, { fictional: services.fictional })
  await app.register(siteSettingsRoutes, { settings: services.siteSettings, content: services.contentPages })
  await app.register(statisticsRoutes, { statistics: services.statistics })
  await app.register(refundsRoutes, { refunds: services.refunds, catalog: services.catalog })
  await app.register(moderationRoutes, {
    photoReview: services.photoReview,
    reports: services.reports,
    signals,
    bans: services.bans,
  })
  if (env.MAIL === 'outbox') await app.register(mailboxRoutes, { mail })
  keepMembersUnindexed(app)
  await app.register(searchEngineRoutes, { sites })
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger())
  app.all(`${API_PREFIX}*`, async () => {
    throw new AppError('api.not_found', 404)
  })

  // Media (uploaded and generated photos) below the local cdn_prefix
  await app.register(mediaRoutes, { media })

  // Pages last: React Router takes every route nothing above claimed.
  if (options.pages !== false) {
    await app.register(ssrPlugin, {
      services,
      devServer: options.devServer,
      buildDirectory: path.join(PROJECT_ROOT, 'build'),
      production,
      staging: env.STAGING,
      clock: now,
    })
  }
  return app
}

// The services of one app node, each given what it depends on: the database, the clock, the mail,
// the media store, the event bus between nodes (ADR 1, ADR 22). buildApp (server/app.ts) decorates the
// app with them; the routes and the pages reach them there.
import type { Agent as HttpsAgent } from 'node:https'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/client.ts'
import type { Env } from '#server/env.ts'
import type { Clock } from '#server/lib/clock.ts'
import { keptDeviceCookies } from '#server/lib/device-cookies.ts'
import { createExplicitClassifier } from '#server/lib/explicit/explicit-classifier.ts'
import { openMediaStore, openPrivateStore } from '#server/lib/media-store.ts'
import { announceSessionsEnded } from '#server/lib/sessions-ended.ts'
import { createVoiceProcessor } from '#server/lib/voice/voice-processor.ts'
import { createAccountSettingsService } from '#server/modules/accounts/account-settings.service.ts'
import { createAccountsService } from '#server/modules/accounts/accounts.service.ts'
import { createDataExportService } from '#server/modules/accounts/data-export.service.ts'
import { createMemberSupportService } from '#server/modules/accounts/member-support.service.ts'
import { createPasswordService } from '#server/modules/accounts/password.service.ts'
import { keptSessions } from '#server/modules/accounts/session-cache.ts'
import { createAuditService } from '#server/modules/audit/audit.service.ts'
import { createChatService } from '#server/modules/chat/chat.service.ts'
import { createComplaintsService } from '#server/modules/complaints/complaints.service.ts'
import { createLikesService } from '#server/modules/likes/likes.service.ts'
import { createSwipeService } from '#server/modules/likes/swipe.service.ts'
import { createGeocodeService } from '#server/modules/location/geocode.service.ts'
import { createFictionalProfilesService } from '#server/modules/members/fictional-profiles.service.ts'
import { createMemberPageService } from '#server/modules/members/member-page.service.ts'
import { createMembersService } from '#server/modules/members/members.service.ts'
import { createProfileService } from '#server/modules/members/profile.service.ts'
import { createBansService } from '#server/modules/moderation/bans.service.ts'
import { createPhotoReviewService } from '#server/modules/moderation/photo-review.service.ts'
import { createReportsService } from '#server/modules/moderation/reports.service.ts'
import { createSignalsService } from '#server/modules/moderation/signals.service.ts'
import { createInboxService } from '#server/modules/operators/inbox.service.ts'
import { createCatalogService } from '#server/modules/payments/catalog.service.ts'
import { createClosingRefunds } from '#server/modules/payments/closing-refunds.service.ts'
import { createDirectDebitService } from '#server/modules/payments/direct-debit.service.ts'
import { createDiscountsService } from '#server/modules/payments/discounts.service.ts'
import { mollieProvider } from '#server/modules/payments/mollie-provider.ts'
import { createOwedRefunds } from '#server/modules/payments/owed-refunds.ts'
import { createPaymentsService } from '#server/modules/payments/payments.service.ts'
import { createRefundsService } from '#server/modules/payments/refunds.service.ts'
import { sandboxProvider } from '#server/modules/payments/sandbox-provider.ts'
import { createWithdrawalsService } from '#server/modules/payments/withdrawals.service.ts'
import { createPhotosService } from '#server/modules/photos/photos.service.ts'
import {
  createProfilePromptsService,
  readMoves,
  readPrompts,
} from '#server/modules/profile-prompts/profile-prompts.service.ts'
import { createDashboardService } from '#server/modules/reports/dashboard.service.ts'
import { createSafetyService } from '#server/modules/safety/safety.service.ts'
import { createSandboxPspService } from '#server/modules/sandbox-psp/sandbox-psp.service.ts'
import { createContentPagesService } from '#server/modules/sites/content-pages.service.ts'
import { createSiteSettingsService } from '#server/modules/sites/site-settings.service.ts'
import { createSitesService } from '#server/modules/sites/sites.service.ts'
import { createSpendingService } from '#server/modules/spending/spending.service.ts'
import { createStaffService } from '#server/modules/staff/staff.service.ts'
import { createStaffAdminService } from '#server/modules/staff/staff-admin.service.ts'
import { createStatisticsService } from '#server/modules/statistics/statistics.service.ts'
import { createTrustService } from '#server/modules/trust/trust.service.ts'
import {
  createVoicePromptsService,
  heardVoices,
} from '#server/modules/voice-prompts/voice-prompts.service.ts'
import { startCalls } from './calls.ts'
import { openEventBus } from './event-bus.ts'
import { startFaces } from './faces.ts'
import { startMail } from './mail.ts'
import { startNotifications } from './notifications.ts'

/** The services, and the parts of the wiring that only the node's routes and jobs use. */
export type Wiring = Awaited<ReturnType<typeof createServices>>
/** The services route loaders reach through the React Router context, as createServices makes them. */
export type AppServices = Wiring['services']

export async function createServices(
  app: FastifyInstance,
  options: { env: Env; database: Database; now: Clock; pushAgent?: HttpsAgent },
) {
  const { env, database, now } = options
  /** Photos: this node's DATA_DIR/media, or an S3-compatible bucket every node shares (ADR 22). */
  const media = openMediaStore(env)
  const sites = await createSitesService(database.db, env)
  // Searches, public profiles and counts: a replica may serve them (ADR 39).
  const members = createMembersService(database.db, { now, reads: database.reads.db })
  // What member pages and swipe cards show beside a profile's own fields.
  const shown = {
    voices: heardVoices(database.db),
    prompts: readPrompts(database.db),
    moves: readMoves(database.db),
  }
  const mail = startMail(app, env, database, sites, now)
  const { events, rateLimitRedis, onEventError } = await openEventBus(app, env, database, sites)
  const calls = startCalls(app, env, database, { now, events, onEventError })
  // A block ends the two members' call at once.
  const memberPages = createMemberPageService(database.db, {
    now,
    ...shown,
    reads: database.reads.db,
    blocked: calls.endBetween,
  })
  // A session that ends closes its sockets on every node (ADR 13).
  const sessionsEnded = announceSessionsEnded(events)
  const devices = await keptDeviceCookies(sites)
  const accounts = createAccountsService(database.db, {
    mail,
    now,
    lane: database.lane,
    readAgain: database.readAgain,
    sessionsEnded,
    devices,
    // Sessions answered from memory a moment, forgotten by what every node hears (ADR 39).
    sessions: keptSessions(now, events, app),
  })
  const passwords = createPasswordService(database.db, {
    mail,
    now,
    sessionsEnded,
    onError: (error) => app.log.error({ err: error }, 'a password reset request failed'),
  })
  app.addHook('onClose', () => passwords.idle())
  // Jobs start after the services: a request kicks the export job once it runs.
  const kicks = { exports: () => {}, verifications: () => {}, bannedFaces: () => {} }
  const exports = createDataExportService(database.db, {
    now,
    sites,
    mail,
    media,
    files: openPrivateStore(env),
    kick: () => kicks.exports(),
  })
  const sandboxPsp = createSandboxPspService(database.db, { now })
  const spending = createSpendingService(database.db, { now })
  const discounts = createDiscountsService(database.db, { now, spending })
  const provider =
    env.PAYMENTS === 'mollie'
      ? mollieProvider({ apiKey: env.MOLLIE_API_KEY ?? '', apiEndpoint: env.MOLLIE_API_ENDPOINT })
      : sandboxProvider(sandboxPsp)
  const owedRefunds = createOwedRefunds(database.db, { provider, events, now, log: app.log })
  const closingRefunds = createClosingRefunds(database.db, { owed: owedRefunds })
  const accountSettings = createAccountSettingsService(database.db, {
    mail,
    media,
    now,
    sessionsEnded,
    closingRefunds,
    filesToErase: exports.filesToErase,
    removeExportFiles: exports.removeExportFiles,
  })
  const geocoder = createGeocodeService(database.db, [
    ...new Set(sites.list().flatMap((s) => s.settings.countries)),
  ])
  const profiles = createProfileService(database.db, { now, towns: geocoder })
  // The node's explicit-photo model, loaded in its thread at the first photo (ADR 29).
  const explicit = createExplicitClassifier()
  app.addHook('onClose', () => explicit.close())
  // The node's voice processing, FFmpeg loaded in its thread at the first voice note (issue 58).
  const voice = createVoiceProcessor()
  app.addHook('onClose', () => voice.close())
  const signals = createSignalsService(database.db, { now, sites })
  const safety = createSafetyService(database.db, {
    now,
    explicit,
    signals,
    onError: (error) => app.log.error({ err: error }, 'a safety count failed'),
  })
  const { bannedFaces, verification } = startFaces(app, database, {
    now,
    media,
    signals,
    sites,
    mail,
    kick: () => kicks.verifications(),
    measureBanned: () => kicks.bannedFaces(),
  })
  const photos = createPhotosService(database.db, { media, now, safety, bannedFaces })
  const complaints = createComplaintsService(database.db, { mail, members })
  const chat = createChatService(database.db, {
    events,
    now,
    media,
    sendsDb: database.sends,
    safety,
    voice,
    complaints,
    blocks: memberPages,
    moves: shown.moves,
    onOpening: signals.opening,
    onError: (error) => app.log.error({ err: error }, 'reading a message for signals failed'),
  })
  const likes = createLikesService(database.db, { events, members, now })
  const swipes = createSwipeService(database.db, { likes, now, ...shown })
  const payments = createPaymentsService(database.db, {
    spending,
    events,
    discounts,
    now,
    log: app.log,
    provider,
    sites,
    mail,
  })
  const directDebit = createDirectDebitService(database.db, { payments, spending, now, mail })
  const staff = createStaffService(database.db, { now, sessionsEnded, devices })
  const notifications = await startNotifications(app, env, database, {
    now,
    sites,
    mail,
    events,
    onEventError,
    activationToken: accounts.activationToken,
    pushAgent: options.pushAgent,
  })
  const audit = createAuditService(database.db, { now })
  const services = {
    calls,
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
    discounts,
    directDebit,
    staff,
    audit,
    dashboard: createDashboardService(database.db, { now }),
    photoReview: createPhotoReviewService(database.db, { now, sites, mail, bannedFaces }),
    profilePrompts: createProfilePromptsService(database.db, { now }),
    voicePrompts: createVoicePromptsService(database.db, { now, sites, mail, media, voice }),
    reports: createReportsService(database.db, { now, sites, mail, sessionsEnded, media, bannedFaces }),
    signals,
    bans: createBansService(database.db, { now, sites }),
    memberSupport: createMemberSupportService(database.db, {
      now,
      sites,
      mail,
      exports,
      sessionsEnded,
      safety,
    }),
    exports,
    verification,
    bannedFaces,
    safety,
    staffAdmin: createStaffAdminService(database.db, { now, staff, sessionsEnded }),
    inbox: createInboxService(database.db, { now, sites, chat, events, media }),
    siteSettings: createSiteSettingsService(database.db, { now, sites, events }),
    refunds: createRefundsService(database.db, { provider, sites, mail, events, now }),
    spending,
    trust: createTrustService(database.db, { now }),
    withdrawals: createWithdrawalsService(database.db, { sites, mail, events, now, owed: owedRefunds }),
    owedRefunds,
    closingRefunds,
    catalog: createCatalogService(database.db, { now, sites, events }),
    contentPages: createContentPagesService(database.db, {
      now,
      sites,
      defaultsDir: fileURLToPath(new URL('../../app/content', import.meta.url)),
    }),
    statistics: createStatisticsService(database.db, { now }),
    notifications,
    fictional: createFictionalProfilesService(database.db, {
      now,
      sites,
      profiles,
      media,
      towns: geocoder,
    }),
  }
  return {
    services,
    media,
    sandboxPsp,
    discounts,
    directDebit,
    geocoder,
    /** Redis' commands when rate limits count there (REDIS_URL), else null: they count in the database. */
    rateLimitRedis,
    /**
     * Starts a job at once (a member asked for their data, a check's frames are in); the jobs set
     * them when they run.
     */
    kicks,
  }
}

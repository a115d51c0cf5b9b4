// The node's HTTP surface, in the order Fastify must see it: the cross-cutting plugins (cookies,
// compression, security headers and limits, the visitor's site, CSRF, sessions, errors, the OpenAPI
// document), then every module's routes, then the media files. The pages come last (server/app.ts).
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { API_PREFIX, OPENAPI_PATH } from '#common/api.ts'
import type { Database } from '#server/db/client.ts'
import { type Env, secureCookies } from '#server/env.ts'
import { openApiTransform } from '#server/lib/api-route.ts'
import type { Clock } from '#server/lib/clock.ts'
import { compressionOptions } from '#server/lib/compression.ts'
import { AppError } from '#server/lib/errors.ts'
import type { MetricSources } from '#server/lib/metrics.ts'
import { databaseRateLimitStore } from '#server/lib/rate-limit-store.ts'
import { accountSettingsRoutes } from '#server/modules/accounts/account-settings.routes.ts'
import { accountsRoutes } from '#server/modules/accounts/accounts.routes.ts'
import { dataExportRoutes } from '#server/modules/accounts/data-export.routes.ts'
import { memberSupportRoutes } from '#server/modules/accounts/member-support.routes.ts'
import { auditRoutes } from '#server/modules/audit/audit.routes.ts'
import { callsRoutes } from '#server/modules/calls/calls.routes.ts'
import { chatRoutes } from '#server/modules/chat/chat.routes.ts'
import { chatFilesRoutes } from '#server/modules/chat/chat-files.routes.ts'
import { complaintsRoutes } from '#server/modules/complaints/complaints.routes.ts'
import { healthRoutes } from '#server/modules/health/health.routes.ts'
import { likesRoutes } from '#server/modules/likes/likes.routes.ts'
import { locationRoutes } from '#server/modules/location/location.routes.ts'
import { mailboxRoutes } from '#server/modules/mail/mailbox.routes.ts'
import { fictionalProfilesRoutes } from '#server/modules/members/fictional-profiles.routes.ts'
import { membersRoutes } from '#server/modules/members/members.routes.ts'
import { profileRoutes } from '#server/modules/members/profile.routes.ts'
import { moderationRoutes } from '#server/modules/moderation/moderation.routes.ts'
import { notificationsRoutes } from '#server/modules/notifications/notifications.routes.ts'
import { operatorsRoutes } from '#server/modules/operators/operators.routes.ts'
import { paymentsRoutes } from '#server/modules/payments/payments.routes.ts'
import { refundsRoutes } from '#server/modules/payments/refunds.routes.ts'
import { mediaRoutes } from '#server/modules/photos/media.routes.ts'
import { photosRoutes } from '#server/modules/photos/photos.routes.ts'
import { profilePromptsRoutes } from '#server/modules/profile-prompts/profile-prompts.routes.ts'
import { safetyRoutes } from '#server/modules/safety/safety.routes.ts'
import { sandboxPspRoutes } from '#server/modules/sandbox-psp/sandbox-psp.routes.ts'
import { appManifestRoutes } from '#server/modules/sites/app-manifest.routes.ts'
import { keepMembersUnindexed, searchEngineRoutes } from '#server/modules/sites/search-engines.routes.ts'
import { siteSettingsRoutes } from '#server/modules/sites/site-settings.routes.ts'
import { sitesRoutes } from '#server/modules/sites/sites.routes.ts'
import { staffRoutes } from '#server/modules/staff/staff.routes.ts'
import { statisticsRoutes } from '#server/modules/statistics/statistics.routes.ts'
import { verificationRoutes } from '#server/modules/verification/verification.routes.ts'
import { voicePromptsRoutes } from '#server/modules/voice-prompts/voice-prompts.routes.ts'
import { csrfPlugin } from '#server/plugins/csrf.ts'
import { errorsPlugin } from '#server/plugins/errors.ts'
import { readPosition } from '#server/plugins/read-position.ts'
import { requestShapePlugin } from '#server/plugins/request-shape.ts'
import { securityPlugin } from '#server/plugins/security.ts'
import { sessionPlugin } from '#server/plugins/session.ts'
import { staffSessionPlugin } from '#server/plugins/staff-session.ts'
import { visitorPlugin } from '#server/plugins/visitor.ts'
import { websocketPlugin } from '#server/plugins/websocket.ts'
import type { AppHandlers } from './handlers.ts'
import type { Wiring } from './services.ts'

export async function registerRoutes(
  app: FastifyInstance,
  options: {
    env: Env
    database: Database
    now: Clock
    wiring: Wiring
    handlers: AppHandlers
    metricSources: MetricSources
  },
) {
  const { env, database, now, wiring, metricSources } = options
  const { handlers } = options
  const { services, media, sandboxPsp, discounts, directDebit, geocoder, rateLimitRedis } = wiring
  const { sites, accounts, accountSettings, profiles, members, memberPages, likes, swipes } = services
  const { chat, notifications, payments, events, photos, staff, audit, signals, exports, mail } = services
  const production = env.NODE_ENV === 'production'
  const cookiesSecure = secureCookies(env)

  // Cross-cutting plugins
  await app.register(cookie)
  // Read-your-writes across replicas (ADR 39): before any route reads.
  await app.register(readPosition, { reads: database.reads, secure: cookiesSecure })
  // Every text answer (pages, JSON, stylesheets and scripts not already compressed at build) goes
  // out in brotli or gzip as the browser asks (issue 19; server/lib/compression.ts).
  await app.register(compress, compressionOptions)
  await app.register(securityPlugin, {
    production,
    https: env.PUBLIC_URL?.startsWith('https:') ?? false,
    rateLimits: rateLimitRedis
      ? { redis: rateLimitRedis }
      : { store: databaseRateLimitStore(database.db, now) },
  })
  await app.register(visitorPlugin, { sites, geoipHeader: env.GEOIP_HEADER })
  await app.register(requestShapePlugin)
  await app.register(csrfPlugin, { sites })
  await app.register(sessionPlugin, { accounts, sites, secure: cookiesSecure })
  await app.register(staffSessionPlugin, { staffForToken: staff.staffForToken, secure: cookiesSecure })
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
    secure: cookiesSecure,
    signupsPerHour: env.SIGNUP_LIMIT_PER_HOUR,
    handlers,
  })
  await app.register(accountSettingsRoutes, {
    settings: accountSettings,
    secure: cookiesSecure,
    handlers,
  })
  await app.register(profileRoutes, { profiles, handlers })
  await app.register(membersRoutes, { members, memberPages })
  await app.register(likesRoutes, { likes, swipes })
  await app.register(chatRoutes, { chat })
  await app.register(callsRoutes, { calls: services.calls, complaints: services.complaints })
  await app.register(notificationsRoutes, { notifications, handlers })
  await app.register(chatFilesRoutes, { chat })
  await app.register(paymentsRoutes, {
    payments,
    discounts,
    directDebit,
    handlers,
  })
  if (env.PAYMENTS === 'sandbox') await app.register(sandboxPspRoutes, { psp: sandboxPsp })
  await app.register(websocketPlugin, {
    events,
    chat,
    calls: services.calls,
    presence: notifications,
    sessions: {
      member: accounts.memberForToken,
      staff: (token) => staff.staffForToken(token, { touch: false }),
    },
    countSockets: (count) => {
      metricSources.sockets = count
    },
  })
  await app.register(photosRoutes, { photos })
  await app.register(voicePromptsRoutes, { voicePrompts: services.voicePrompts, handlers })
  await app.register(profilePromptsRoutes, { profilePrompts: services.profilePrompts })
  await app.register(verificationRoutes, { verification: services.verification, handlers })
  await app.register(locationRoutes, { geocoder })
  await app.register(complaintsRoutes, { handlers })
  await app.register(staffRoutes, { staff, staffAdmin: services.staffAdmin, secure: cookiesSecure, handlers })
  await app.register(auditRoutes, { audit })
  await app.register(memberSupportRoutes, { support: services.memberSupport, handlers })
  await app.register(dataExportRoutes, { exports, handlers })
  await app.register(operatorsRoutes, { inbox: services.inbox, handlers })
  await app.register(fictionalProfilesRoutes, { fictional: services.fictional, handlers })
  await app.register(siteSettingsRoutes, {
    settings: services.siteSettings,
    content: services.contentPages,
    handlers,
  })
  await app.register(statisticsRoutes, { statistics: services.statistics, handlers })
  await app.register(safetyRoutes, { safety: services.safety })
  await app.register(refundsRoutes, { refunds: services.refunds, catalog: services.catalog, handlers })
  await app.register(moderationRoutes, {
    photoReview: services.photoReview,
    reports: services.reports,
    signals,
    bans: services.bans,
    handlers,
  })
  if (env.MAIL === 'outbox') await app.register(mailboxRoutes, { mail, staffOnly: production })
  keepMembersUnindexed(app)
  await app.register(searchEngineRoutes, { sites })
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger())
  app.all(`${API_PREFIX}*`, async () => {
    throw new AppError('api.not_found', 404)
  })

  // Media (uploaded and generated photos) below the local cdn_prefix
  await app.register(mediaRoutes, { media })
}

import path from 'node:path'
import { fastifyReactRouter } from '@mcansh/react-router-fastify'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { RouterContextProvider } from 'react-router'
import type { ViteDevServer } from 'vite'
import { SITE_ENTRY_STORAGE_KEY } from '#common/constants.ts'
import type { Clock } from '#server/lib/clock.ts'
import { formFailure } from '#server/lib/form-failure.ts'
import { translator } from '#server/lib/i18n.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { requestOrigin } from '#server/modules/accounts/accounts.routes.ts'
import { clearSessionCookie, setSessionCookie } from './session.ts'
import { type AppServices, appLoadContext } from './ssr-context.ts'

/** The posts a page's action takes from one address: those of the API call it stands for. */
export const pagePostLimits = (
  signupsPerHour: number,
): Record<string, { max: number; timeWindow: string }> => ({
  // POST /api/signup.php
  '/signup': { max: signupsPerHour, timeWindow: '1 hour' },
  // POST /api/user.php (a login)
  '/login': { max: 30, timeWindow: '1 minute' },
  // POST and PUT /api/password-reset.php
  '/reset-password': { max: 10, timeWindow: '1 hour' },
  '/reset-password/do': { max: 20, timeWindow: '1 hour' },
  // POST /api/complaints.php
  '/complaints': { max: 10, timeWindow: '1 hour' },
  // The settings page's forms, by their intent: PUT /api/password.php, POST /api/mail-change.php
  '/notifications?intent=password': { max: 10, timeWindow: '15 minutes' },
  '/notifications?intent=email': { max: 10, timeWindow: '1 hour' },
})
/** Any other page's action: all its pages together, as many a minute as a login. */
const DEFAULT_PAGE_POST_LIMIT = { max: 30, timeWindow: '1 minute' }

export interface SsrOptions {
  services: AppServices
  devServer?: ViteDevServer
  buildDirectory: string
  production: boolean
  /** A production server on the sandbox provider or the outbox (a staging site). */
  staging: boolean
  /** The app's one clock (ADR 13): what a page calls today. */
  clock: Clock
  /** Whether cookies are for HTTPS only (the site's public URL is https). */
  secureCookies: boolean
  /** Sign-ups an hour from one address (the API's limit, which the sign-up page's action shares). */
  signupsPerHour: number
}

/** Serves every page through React Router (and, in production, the built client assets). */
export async function ssrPlugin(app: FastifyInstance, opts: SsrOptions): Promise<void> {
  // A page's form posts to its route action (ADR 25), within the limit of the API call it stands
  // for, per address and page (the page and its .data twin count as one).
  const postLimits = pagePostLimits(opts.signupsPerHour)
  const limits = new Map<string, ReturnType<FastifyInstance['rateLimit']>>()
  const limitFor = (page: string) => {
    let limit = limits.get(page)
    if (!limit) {
      limit = app.rateLimit({
        ...(postLimits[page] ?? DEFAULT_PAGE_POST_LIMIT),
        keyGenerator: (request) => `page-post:${request.ip}:${page}`,
      })
      limits.set(page, limit)
    }
    return limit
  }
  app.addHook('onRequest', async function (request, reply) {
    if (request.method !== 'POST') return
    // A page with several forms says which one posts in its address (`?intent=`): each has its limit.
    const [path, query = ''] = request.url.split('?')
    const intent = new URLSearchParams(query).get('intent')
    const page = `${path.replace(/\.data$/, '')}${intent ? `?intent=${intent}` : ''}`
    await limitFor(postLimits[page] ? page : '*').call(this, request, reply)
  })

  await app.register(fastifyReactRouter, {
    devServer: opts.devServer,
    serverBuildPath: path.join(opts.buildDirectory, 'server/index.js'),
    clientBuildDirectory: path.join(opts.buildDirectory, 'client'),
    mode: opts.production ? 'production' : 'development',
    // Built assets are compressed once at build (scripts/precompress.ts): the .br or .gz beside each
    // file goes out as the browser accepts it.
    staticOptions: {
      decorateReply: false,
      root: path.join(opts.buildDirectory, 'client'),
      preCompressed: true,
    },
    async getLoadContext(request, reply: FastifyReply) {
      const context = new RouterContextProvider()
      const member = request.member
        ? await opts.services.accounts.getPageUser(request.member.userId, request.site)
        : null
      context.set(appLoadContext, {
        services: opts.services,
        site: request.site,
        settings: opts.services.sites.settingsFor(request.site, request),
        locale: request.locale,
        browserLocale: request.browserLocale,
        geoCountry: request.geoCountry,
        selectedCountry: request.selectedCountry,
        nonce: reply.scriptNonce,
        production: opts.production,
        staging: opts.staging,
        user: member?.user ?? null,
        timeZone: member?.timeZone ?? null,
        now: opts.clock(),
        staff: request.staff?.verified ? request.staff : null,
        staffPending: request.staff !== null && !request.staff.verified,
        network:
          request.cookies.network ?? (request.query as Record<string, string | undefined>).network ?? null,
        siteEntryDismissedAt: request.cookies[SITE_ENTRY_STORAGE_KEY] ?? null,
        request: {
          origin: () => requestOrigin(request),
          startSession: (token) => setSessionCookie(reply, token, opts.secureCookies),
          endSession: () => clearSessionCookie(reply, opts.secureCookies),
          member: () => requireMember(request),
          sessionToken: request.sessionToken,
          failure: (error) => formFailure(error, translator(request.locale)),
        },
      })
      return context
    },
  })
}

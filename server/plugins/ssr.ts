import path from 'node:path'
import { fastifyReactRouter } from '@mcansh/react-router-fastify'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { RouterContextProvider } from 'react-router'
import type { ViteDevServer } from 'vite'
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, SITE_ENTRY_STORAGE_KEY } from '#common/constants.ts'
import { isLocale } from '#common/locale.ts'
import type { Clock } from '#server/lib/clock.ts'
import { DEVICE_COOKIES } from '#server/lib/device-cookies.ts'
import { AppError } from '#server/lib/errors.ts'
import { formFailure } from '#server/lib/form-failure.ts'
import { FORM_LIMITS, signupLimit } from '#server/lib/form-limits.ts'
import { translator } from '#server/lib/i18n.ts'
import { requireMember } from '#server/lib/require-member.ts'
import { staffActor } from '#server/modules/audit/audit.service.ts'
import { memberActor, requestOrigin, visitorActor } from '#server/plugins/member-actor.ts'
import type { AppHandlers } from '#server/wiring/handlers.ts'
import { clearSessionCookie, setDeviceCookie, setSessionCookie } from './session.ts'
import { type AppServices, appLoadContext } from './ssr-context.ts'
import { clearStaffCookie, setStaffCookie } from './staff-session.ts'

/** The posts a page's action takes from one address: those of the API call it stands for. */
const pagePostLimits = (signupsPerHour: number) => ({
  '/signup': signupLimit(signupsPerHour),
  '/login': FORM_LIMITS.login,
  '/reset-password': FORM_LIMITS.passwordResetRequest,
  '/reset-password/do': FORM_LIMITS.passwordReset,
  '/complaints': FORM_LIMITS.complaint,
  // The settings page's forms, by their intent.
  '/notifications?intent=password': FORM_LIMITS.passwordChange,
  '/notifications?intent=email': FORM_LIMITS.emailChange,
  '/notifications?intent=delete': FORM_LIMITS.accountDeletion,
  '/notifications?intent=activation': FORM_LIMITS.activationResend,
  '/unsubscribe': FORM_LIMITS.unsubscribe,
  '/directdebit?intent=request': FORM_LIMITS.directDebitRequest,
  '/directdebit?intent=confirm': FORM_LIMITS.directDebitConfirm,
  '/admin/login?intent=password': FORM_LIMITS.staffLogin,
  '/admin/login?intent=code': FORM_LIMITS.staffLogin,
  '/profile?intent=export': FORM_LIMITS.dataExport,
  // Every appeal page together: a limit per token would let tokens be guessed.
  '/appeal/*': FORM_LIMITS.appeal,
  // Any other page's action: each page as many a minute as a login.
  '*': FORM_LIMITS.login,
})

/**
 * The page a post goes to, with the form it names (`?intent=`): its .data twin is the same page,
 * and the pages of a `/*` entry of the limits are one.
 */
function postedPage(url: string, pages: ReadonlySet<string>): string {
  const [path = '', query = ''] = url.split('?')
  const intent = new URLSearchParams(query).get('intent')
  const page = `${path.replace(/\.data$/, '')}${intent ? `?intent=${intent}` : ''}`
  const folder = `${page.slice(0, page.lastIndexOf('/'))}/*`
  return !pages.has(page) && pages.has(folder) ? folder : page
}

interface SsrOptions {
  services: AppServices
  handlers: AppHandlers
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
  const table = pagePostLimits(opts.signupsPerHour)
  const pages = new Set(Object.keys(table))
  const limits = new Map(
    Object.entries(table).map(([page, limit]) => [
      page,
      app.rateLimit({
        ...limit,
        keyGenerator: (request) => `page-post:${request.ip}:${postedPage(request.url, pages)}`,
      }),
    ]),
  )
  app.addHook('onRequest', async function (request, reply) {
    if (request.method !== 'POST') return
    // A page with several forms says which one posts in its address (`?intent=`): each has its limit.
    const limit = limits.get(postedPage(request.url, pages)) ?? limits.get('*')
    await limit?.call(this, request, reply)
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
      // The language found from the browser or the domain is kept, as a choice would be (spec
      // section 6: i18n_redirected, 365 days). A POST may be the choice itself: it sets its own.
      if (request.method === 'GET' && !isLocale(request.cookies[LOCALE_COOKIE])) {
        reply.setCookie(LOCALE_COOKIE, request.locale, {
          path: '/',
          maxAge: LOCALE_COOKIE_DAYS * 86_400,
          sameSite: 'lax',
        })
      }
      const member = request.member
        ? await opts.services.accounts.getPageUser(request.member.userId, request.site)
        : null
      context.set(appLoadContext, {
        services: opts.services,
        handlers: opts.handlers,
        site: request.site,
        settings: opts.services.sites.settingsFor(request.site, request),
        locale: request.locale,
        browserLocale: request.browserLocale,
        geoCountry: request.geoCountry,
        languageCountry: request.languageCountry,
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
          memberActor: () => memberActor(request),
          visitorActor: () => visitorActor(request),
          sessionToken: request.sessionToken,
          ip: request.ip,
          startStaffSession: (token) => setStaffCookie(reply, token, opts.secureCookies),
          endStaffSession: () => clearStaffCookie(reply, opts.secureCookies),
          device: (scope) => request.cookies[DEVICE_COOKIES[scope]] ?? null,
          keepDevice: (scope, value) => setDeviceCookie(reply, scope, value, opts.secureCookies),
          pendingStaff: () => {
            if (!request.staff || request.staff.verified) throw new AppError('staff.required', 401)
            return request.staff
          },
          staffActor: () => staffActor(request),
          failure: (error) => formFailure(error, translator(request.locale)),
        },
      })
      return context
    },
  })
}

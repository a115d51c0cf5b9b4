import path from 'node:path'
import { fastifyReactRouter } from '@mcansh/react-router-fastify'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { RouterContextProvider } from 'react-router'
import type { ViteDevServer } from 'vite'
import { SITE_ENTRY_STORAGE_KEY } from '#common/constants.ts'
import type { Clock } from '#server/lib/clock.ts'
import { type AppServices, appLoadContext } from './ssr-context.ts'

export interface SsrOptions {
  services: AppServices
  devServer?: ViteDevServer
  buildDirectory: string
  production: boolean
  /** A production server on the sandbox provider or the outbox (a staging site). */
  staging: boolean
  /** The app's one clock (ADR 13): what a page calls today. */
  clock: Clock
}

/** Serves every page through React Router (and, in production, the built client assets). */
export async function ssrPlugin(app: FastifyInstance, opts: SsrOptions): Promise<void> {
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
      })
      return context
    },
  })
}

import type { FastifyInstance } from 'fastify'
import { API_PREFIX } from '#common/api.ts'
import { CONTENT_PAGES } from '#common/content-pages.ts'
import { escapeHtml } from '#common/escape-html.ts'
import { LANDER_SLUGS, LANDERS } from '#common/landers.ts'
import type { SitesService } from './sites.service.ts'

/**
 * Where search engines may go (issue 19, point 7): the public pages and the landers are listed;
 * the members' own areas are closed to crawlers. Members are never published: every page of a
 * member (their profile, their landing pages) answers with `X-Robots-Tag: noindex`.
 */
const CLOSED = [
  '/admin',
  API_PREFIX,
  '/chats',
  '/credits',
  '/transactions',
  '/profile',
  '/notifications',
  '/likes',
  '/complete-signup',
  '/signup-matches',
  '/swipe-game',
  '/match-finder',
  '/directdebit',
  '/dev/',
  '/sandbox/',
]

/** Pages of members, or lists of them: never indexed, whoever links to them. */
const MEMBER_PAGES = /^\/(members|likes|chats)(\/|$|\?)/

const PUBLIC_PATHS = ['/', '/pricing', '/complaints', ...CONTENT_PAGES.map((page) => `/pages/${page}`)]

/** On the root instance (not encapsulated): every answer for a member's page says noindex. */
export function keepMembersUnindexed(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (MEMBER_PAGES.test(request.url)) reply.header('x-robots-tag', 'noindex, nofollow')
    return payload
  })
}

export async function searchEngineRoutes(app: FastifyInstance, opts: { sites: SitesService }) {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const origin = opts.sites.origin(request.site)
    const lines = [
      'User-agent: *',
      ...CLOSED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
    ]
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`${lines.join('\n')}\n`)
  })

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = opts.sites.origin(request.site)
    const landers = LANDERS.flatMap((name) =>
      Object.values(LANDER_SLUGS).map((slug) => `/landers/${name}/${slug}`),
    )
    const urls = [...PUBLIC_PATHS, ...landers]
      .map((path) => `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`)
      .join('\n')
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml)
  })
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import sharp from 'sharp'
import { z } from 'zod'
import { THEME_COLOR } from '#common/constants.ts'
import type { SitesService } from './sites.service.ts'

const HEART = 'M16 26s-9-5.6-9-12a5 5 0 0 1 9-3 5 5 0 0 1 9 3c0 6.4-9 12-9 12z'

/**
 * The app icon: the heart of the favicon on the theme colour. A maskable icon fills its square and
 * keeps the heart inside the safe circle (40% of the size around the centre) that launchers crop to.
 */
function iconSvg(size: number, maskable: boolean): string {
  const scale = (size / 32) * (maskable ? 0.75 : 1)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" rx="${maskable ? 0 : size / 4}" fill="${THEME_COLOR}"/>
<path d="${HEART}" fill="#fff" transform="translate(${size / 2} ${size / 2}) scale(${scale}) translate(-16 -17.5)"/>
</svg>`
}

const ICONS = ['192', '512', 'maskable-192', 'maskable-512'] as const
/** The manifest's icons, and the 32 px one /favicon.ico answers with. */
type Icon = (typeof ICONS)[number] | '32'

/**
 * The web app manifest of each brand (the site of the request: its name and description, in the
 * visitor's language) and its icons, so that browsers offer to install the site (ADR 19).
 */
export const appManifestRoutes: FastifyPluginAsyncZod<{ sites: SitesService }> = async (app, { sites }) => {
  const rendered = new Map<Icon, Promise<Buffer>>()
  const icon = (name: Icon) => {
    let png = rendered.get(name)
    if (!png) {
      const size = Number(name.replace('maskable-', ''))
      png = sharp(Buffer.from(iconSvg(size, name.startsWith('maskable'))))
        .png()
        .toBuffer()
      rendered.set(name, png)
    }
    return png
  }

  app.get('/manifest.webmanifest', async (request, reply) => {
    const settings = sites.settingsFor(request.site, request)
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'Host, Cookie, Accept-Language')
    return {
      id: '/',
      name: settings.name,
      short_name: settings.name,
      description: settings.description,
      lang: request.locale,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#ffffff',
      theme_color: THEME_COLOR,
      icons: ICONS.map((name) => {
        const size = name.replace('maskable-', '')
        return {
          src: `/icons/app-${name}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: name.startsWith('maskable') ? 'maskable' : 'any',
        }
      }),
    }
  })

  // Pages the server writes itself (the dev mailbox, the sandbox checkout) link no icon: the browser
  // asks for /favicon.ico, answered with the app icon as a PNG, which every browser takes there.
  app.get('/favicon.ico', async (_request, reply) => {
    reply.type('image/png').header('cache-control', 'public, max-age=604800')
    return icon('32')
  })

  app.get(
    '/icons/app-:name.png',
    { schema: { params: z.object({ name: z.enum(ICONS) }) } },
    async (request, reply) => {
      reply.type('image/png').header('cache-control', 'public, max-age=604800')
      return icon(request.params.name)
    },
  )
}

import { readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { type Locale, SUPPORTED_LOCALES } from '#common/constants.ts'
import { type ContentPageName, contentValues, renderContentPage, TOKEN_PAGES } from '#common/content-pages.ts'
import type { ContentPagesResponse } from '#common/schemas/content.ts'
import { termsVersionDate } from '#common/terms-date.ts'
import type { Db } from '#server/db/client.ts'
import { contentPages } from '#server/db/schema/sites.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import type { SitesService } from './sites.service.ts'

export type ContentPagesService = ReturnType<typeof createContentPagesService>

interface PageKey {
  site: number
  name: ContentPageName
  language: Locale
}

/**
 * Content pages (ADR 3, ADR 18): the bundled markdown of each page and language, or a site's own
 * text written by an admin in the console. A site's text is read from the database at each look,
 * so a change shows at once on every node.
 */
export function createContentPagesService(
  db: Db,
  deps: { now: Clock; sites: SitesService; defaultsDir: string },
) {
  const defaults = new Map<string, string>()
  for (const language of SUPPORTED_LOCALES) {
    for (const name of TOKEN_PAGES) {
      defaults.set(
        `${language}/${name}`,
        readFileSync(path.join(deps.defaultsDir, language, `${name}.md`), 'utf8'),
      )
    }
  }
  const bundled = (name: string, language: Locale) => defaults.get(`${language}/${name}`) ?? ''

  function siteOf(id: number) {
    const site = deps.sites.list().find((s) => s.id === id)
    if (!site) throw new AppError('sites.not_found', 404)
    return site
  }
  const where = (key: PageKey) =>
    and(
      eq(contentPages.siteId, key.site),
      eq(contentPages.name, key.name),
      eq(contentPages.language, key.language),
    )
  const stored = async (key: PageKey) => (await db.select().from(contentPages).where(where(key)))[0]

  return {
    /** A page as a visitor reads it: the site's text in their language, or the bundled one. */
    async render(siteId: number, name: string, locale: Locale) {
      if (!(TOKEN_PAGES as readonly string[]).includes(name)) return null
      const key = { site: siteId, name: name as ContentPageName, language: locale }
      const source = (await stored(key))?.markdown ?? bundled(name, locale)
      return { name, ...renderContentPage(source, contentValues(siteOf(siteId), locale)) }
    },

    async list(siteId: number): Promise<ContentPagesResponse> {
      const site = siteOf(siteId)
      const own = await db.select().from(contentPages).where(eq(contentPages.siteId, siteId))
      const pages = SUPPORTED_LOCALES.flatMap((language) =>
        TOKEN_PAGES.map((name) => {
          const row = own.find((r) => r.name === name && r.language === language)
          const source = row?.markdown ?? bundled(name, language)
          return {
            name,
            language,
            title: source.split('\n')[0].replace(/^#\s*/, '').trim(),
            customized: Boolean(row),
            updated_at: row?.updatedAt.toISOString() ?? null,
          }
        }),
      )
      return { pages, terms_date: termsVersionDate(site.company.added).toISOString() }
    },

    async get(key: PageKey) {
      siteOf(key.site)
      const row = await stored(key)
      const fallback = bundled(key.name, key.language)
      return {
        name: key.name,
        language: key.language,
        markdown: row?.markdown ?? fallback,
        default_markdown: fallback,
        customized: Boolean(row),
        updated_at: row?.updatedAt.toISOString() ?? null,
      }
    },

    /** What a text would look like on the site, filled with its values (the console's preview). */
    preview(siteId: number, language: Locale, markdown: string) {
      return renderContentPage(markdown, contentValues(siteOf(siteId), language))
    },

    async save(key: PageKey & { markdown: string }, actor: Actor) {
      siteOf(key.site)
      const at = deps.now()
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(contentPages).where(where(key)).for('update')
        await tx
          .insert(contentPages)
          .values({
            siteId: key.site,
            name: key.name,
            language: key.language,
            markdown: key.markdown,
            updatedAt: at,
          })
          .onConflictDoUpdate({
            target: [contentPages.siteId, contentPages.name, contentPages.language],
            set: { markdown: key.markdown, updatedAt: at },
          })
        await recordAudit(tx, actor, at, {
          action: 'content.save',
          target: { type: 'site', id: key.site },
          before: { page: key.name, language: key.language, markdown: before?.markdown ?? null },
          after: { page: key.name, language: key.language, markdown: key.markdown },
        })
      })
      return this.get(key)
    },

    /** Back to the bundled text. */
    async reset(key: PageKey, actor: Actor) {
      siteOf(key.site)
      const at = deps.now()
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(contentPages).where(where(key)).returning()
        if (!removed) throw new AppError('content.not_customized', 409)
        await recordAudit(tx, actor, at, {
          action: 'content.reset',
          target: { type: 'site', id: key.site },
          before: { page: key.name, language: key.language, markdown: removed.markdown },
          after: { page: key.name, language: key.language, markdown: null },
        })
      })
      return this.get(key)
    },
  }
}

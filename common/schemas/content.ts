import { z } from 'zod'
import { SUPPORTED_LOCALES } from '../constants.ts'
import { TOKEN_PAGES } from '../content-pages.ts'

const SiteId = z.coerce.number().int().positive().max(2_147_483_647)
const PageName = z.enum(TOKEN_PAGES)
const Language = z.enum(SUPPORTED_LOCALES)
/** A page's markdown: its first line is its title (`# Terms`). */
const Markdown = z
  .string()
  .max(100_000, { error: 'page_too_long' })
  .refine((text) => /^#\s*\S/.test(text.trimStart()), { error: 'title_missing' })

export const ContentPagesQuery = z.object({ site: SiteId })
export const ContentPageSummary = z.object({
  name: PageName,
  language: Language,
  title: z.string(),
  customized: z.boolean(),
  updated_at: z.string().nullable(),
})
export const ContentPagesResponse = z.object({
  pages: z.array(ContentPageSummary),
  /** The terms' version date (the later of the base date and the company's added date, spec section 4). */
  terms_date: z.string(),
})
export type ContentPagesResponse = z.infer<typeof ContentPagesResponse>

export const ContentPageQuery = z.object({ site: SiteId, name: PageName, language: Language })
export const ContentPageResponse = z.object({
  name: PageName,
  language: Language,
  markdown: z.string(),
  /** The bundled text the page shows without a site's own. */
  default_markdown: z.string(),
  customized: z.boolean(),
  updated_at: z.string().nullable(),
})
export type ContentPageResponse = z.infer<typeof ContentPageResponse>

export const ContentPageInput = z.object({
  site: SiteId,
  name: PageName,
  language: Language,
  markdown: Markdown,
})
export const ContentPageReset = z.object({ site: SiteId, name: PageName, language: Language })
export const ContentPreviewInput = z.object({ site: SiteId, language: Language, markdown: Markdown })
export const ContentPreviewResponse = z.object({ title: z.string(), html: z.string() })

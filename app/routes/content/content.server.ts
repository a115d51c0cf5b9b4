import { data, type RouterContextProvider } from 'react-router'
import { getAppContext } from '../../context.server.ts'

export { CONTENT_PAGES, TOKEN_PAGES } from '#common/content-pages.ts'

/**
 * A content page in the visitor's language: the site's own text or the bundled one, filled with the
 * site's company and settings (ADR 3, ADR 18).
 */
export async function loadContentPage(
  context: Readonly<RouterContextProvider>,
  name: string,
  allowed: readonly string[],
) {
  const app = getAppContext(context)
  const page = allowed.includes(name)
    ? await app.services.contentPages.render(app.site.id, name, app.locale)
    : null
  if (!page) throw data(null, { status: 404 })
  return page
}

/** /pages/trust: the site's figures, counted now from the database (issue 54, point 10; ADR 32). */
export async function loadTrust(context: Readonly<RouterContextProvider>) {
  const app = getAppContext(context)
  return app.services.trust.figures(app.site)
}

import type { CallHandlers } from '#server/lib/api-route.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import type { ContentPagesService } from './content-pages.service.ts'
import type { SiteSettingsService } from './site-settings.service.ts'

/** A site's settings and content pages (admins), one handler per call for its route and its form. */
export const siteSettingsHandlers = (s: {
  siteSettings: SiteSettingsService
  contentPages: ContentPagesService
}) =>
  ({
    updateSiteSettings: (body, actor) => s.siteSettings.update(body, actor),
    saveContentPage: (body, actor) => s.contentPages.save(body, actor),
    resetContentPage: (body, actor) => s.contentPages.reset(body, actor),
  }) satisfies CallHandlers<Actor>

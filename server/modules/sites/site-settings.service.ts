import { kindCredits, MESSAGE_KIND_NAMES } from '#common/message-kinds.ts'
import { messageCostsByCountry } from '#common/message-price.ts'
import { CompanyInfo, SiteSettings, type SiteSettingsUpdate } from '#common/schemas/sites.ts'
import type { Db } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { type EventBus, SERVER_NODES } from '#server/lib/events.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import { lockSite, updateSite } from './sites.queries.ts'
import type { SitesService } from './sites.service.ts'

/** The keys whose values differ between two records, with both sides. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  }
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>

/**
 * The business settings of each site in the console (issue 16, point 3): admins change them, each
 * change audited with what it was and became; every node reads its sites again at once (the event
 * bus, through Redis between nodes), so a change shows on the site without a restart.
 */
export function createSiteSettingsService(
  db: Db,
  deps: { now: Clock; sites: SitesService; events: EventBus },
) {
  return {
    async get(siteId: number) {
      const site = deps.sites.list().find((s) => s.id === siteId)
      if (!site) throw new AppError('sites.not_found', 404)
      return {
        site: {
          id: site.id,
          domain: site.domain,
          settings: site.settings,
          company: site.company,
          message_costs: site.messageCosts,
          // Every other priced kind by the same rule, at its own credits (issue 58: a voice note's).
          kind_costs: Object.fromEntries(
            MESSAGE_KIND_NAMES.filter((kind) => kind !== 'text').map((kind) => [
              kind,
              messageCostsByCountry(site.settings.countries, site.bundles, kindCredits(site.settings, kind)),
            ]),
          ),
        },
      }
    },

    async update(input: SiteSettingsUpdate, actor: Actor) {
      await db.transaction(async (tx) => {
        const row = await lockSite(tx, input.site)
        if (!row) throw new AppError('sites.not_found', 404)
        const settings = SiteSettings.parse({ ...row.settings, ...input.settings })
        const company = CompanyInfo.parse({ ...row.company, ...input.company })
        await updateSite(tx, row.id, { settings, company })
        const s = changes(row.settings, settings)
        const c = changes(row.company, company)
        await recordAudit(tx, actor, deps.now(), {
          action: 'site.settings',
          target: { type: 'site', id: row.id },
          before: { settings: s.before, company: c.before },
          after: { settings: s.after, company: c.after },
        })
      })
      await deps.sites.reload()
      deps.events.emit({ type: 'sites.changed', userId: SERVER_NODES })
      return this.get(input.site)
    },
  }
}

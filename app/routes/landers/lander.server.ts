import { data, type RouterContextProvider } from 'react-router'
import { numberFormat } from '#common/intl.ts'
import { LANDERS, slugLocale } from '#common/landers.ts'
import type { MemberDetail } from '#common/schemas/members.ts'
import { getAppContext } from '../../context.server.ts'
import { visitorCountry, visitorMembers } from '../visitor-members.server.ts'

/** How many members a lander may show (the gallery's wall is the most). */
const SHOWN = 12
/** Posts in the social network lander's feed. */
const FEED = 5

/**
 * A lander by name; the slug (eng, fra) picks the language of the copy. The members shown are real
 * visible members of the visitor's site and country; the map lander gets its regions' counts, the
 * social network lander the members' own words and photos.
 */
export async function loadLander(
  context: Readonly<RouterContextProvider>,
  name: string,
  slug: string | undefined,
) {
  if (!(LANDERS as readonly string[]).includes(name)) throw data(null, { status: 404 })
  const app = getAppContext(context)
  const copyLocale = slugLocale(slug) ?? app.locale
  // The map shows counts per region only: it reads no members.
  const members = name === 'maplanding' ? [] : await visitorMembers(context, SHOWN)
  const country = visitorCountry(context) ?? app.site.settings.countries[0]
  // Counts come formatted: the page then hydrates without an Intl formatter (common/intl.ts).
  const count = numberFormat(copyLocale)
  const regions =
    name === 'maplanding'
      ? (await app.services.members.regionCounts(country, copyLocale)).map((r) => ({
          ...r,
          formatted: count.format(r.members),
        }))
      : []
  const feed =
    name === 'socialnetwork'
      ? (
          await Promise.all(
            members
              .filter((m) => m.main_image)
              .slice(0, FEED)
              .map((m) => app.services.memberPages.get(m.id, null, app.site, copyLocale)),
          )
        ).filter((m): m is MemberDetail => m !== null)
      : []
  return { name, copyLocale, members, country, regions, feed }
}

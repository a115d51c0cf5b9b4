import type { RouterContextProvider } from 'react-router'
import type { PublicProfile } from '#common/schemas/members.ts'
import { MemberSearchQuery } from '#common/schemas/members.ts'
import { getAppContext } from '../context.server.ts'

/**
 * The visitor's country when the site serves it: the one they chose, else the one we detected,
 * else the one their browser's languages point to (a French browser: France, not the site's first).
 */
export function visitorCountry(context: Readonly<RouterContextProvider>): string | null {
  const app = getAppContext(context)
  const served = app.site.settings.countries
  return (
    [app.selectedCountry, app.geoCountry, app.languageCountry].find((c) => c && served.includes(c)) ?? null
  )
}

/**
 * Members to show a visitor (the home page, the landers): the most recently active visible members
 * of the visitor's country (the one they chose, else the one we detected, when the site serves it),
 * else of every country; those with a photo first.
 */
export async function visitorMembers(
  context: Readonly<RouterContextProvider>,
  count: number,
): Promise<PublicProfile[]> {
  const app = getAppContext(context)
  const s = app.site.settings
  const country = visitorCountry(context)
  const search = (filters: object) =>
    app.services.members.search(MemberSearchQuery.parse(filters), null, s.cdn_prefix)
  let { profiles } = await search(country ? { country } : {})
  if (profiles.length === 0 && country) ({ profiles } = await search({}))
  // Faces first: members with a photo lead, the others follow in the same order.
  const withPhoto = profiles.filter((p) => p.main_image !== null)
  const without = profiles.filter((p) => p.main_image === null)
  return [...withPhoto, ...without].slice(0, count)
}

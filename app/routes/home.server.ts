import type { RouterContextProvider } from 'react-router'
import { MemberSearchQuery } from '#common/schemas/members.ts'
import { getAppContext } from '../context.server.ts'

/** How many members the home page shows a visitor. */
const HOME_MEMBERS = 8

/**
 * The home page's members: the most recently active visible members of the visitor's country (the
 * one they chose, else the one we detected, when the site serves it), else of every country; those
 * with a photo first.
 */
export async function loadHome(context: Readonly<RouterContextProvider>) {
  const app = getAppContext(context)
  const s = app.site.settings
  const country = [app.selectedCountry, app.geoCountry].find((c) => c && s.countries.includes(c)) ?? null
  const search = (filters: object) =>
    app.services.members.search(MemberSearchQuery.parse(filters), null, s.cdn_prefix)
  let { profiles } = await search(country ? { country } : {})
  if (profiles.length === 0 && country) ({ profiles } = await search({}))
  // Faces first: members with a photo lead, the others follow in the same order.
  const withPhoto = profiles.filter((p) => p.main_image !== null)
  const without = profiles.filter((p) => p.main_image === null)
  return { members: [...withPhoto, ...without].slice(0, HOME_MEMBERS) }
}

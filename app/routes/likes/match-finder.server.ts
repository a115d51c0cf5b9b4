import type { RouterContextProvider } from 'react-router'
import { gendersSought } from '#common/matching.ts'
import { MatchFinderQuery } from '#common/schemas/likes.ts'
import { getAppContext } from '../../context.server.ts'
import { requireUser } from '../accounts/guards.server.ts'

/**
 * /match-finder: the questions, answered from the address once asked (a GET form), with the
 * member's own profile as the first answers; the ranked suggestions when answered.
 */
export async function loadMatchFinder(context: Readonly<RouterContextProvider>, request: Request) {
  const user = requireUser(context)
  const app = getAppContext(context)
  const cdn = app.site.settings.cdn_prefix
  const own = await app.services.profiles.getOwn(user.id, cdn)
  const sought = gendersSought(own.gender, own.sexuality)
  const defaults = {
    gender: sought.length === 2 ? 'both' : sought[0],
    min_age: own.seek_min_age,
    max_age: own.seek_max_age,
    countryregion: own.region_id ?? undefined,
    interests: own.interests,
  }
  const params = Object.fromEntries([...new URL(request.url).searchParams].filter(([, v]) => v !== ''))
  if (!params.gender)
    return { country: own.country, answers: defaults, asked: false, invalid: false, profiles: [] }
  const parsed = MatchFinderQuery.safeParse(params)
  if (!parsed.success)
    return { country: own.country, answers: defaults, asked: true, invalid: true, profiles: [] }
  const { profiles } = await app.services.likes.matchFinder(user.id, parsed.data, cdn)
  return {
    country: own.country,
    answers: { ...parsed.data, interests: parsed.data.interests ?? [] },
    asked: true,
    invalid: false,
    profiles,
  }
}

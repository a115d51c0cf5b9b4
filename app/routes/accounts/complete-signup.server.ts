import type { RouterContextProvider } from 'react-router'
import { gendersSought } from '#common/matching.ts'
import { getAppContext } from '../../context.server.ts'
import { requireUser } from './guards.server.ts'

/** The new member's profile for the sign-up steps. */
export async function loadCompleteSignup(context: Readonly<RouterContextProvider>) {
  const user = requireUser(context)
  const app = getAppContext(context)
  const profile = await app.services.profiles.getOwn(user.id, app.site.settings.cdn_prefix)
  return {
    profile,
    countries: app.site.settings.countries,
    email: user.email,
    pushKey: app.settings.push_public_key,
  }
}

/** Suggested members for /signup-matches. */
export async function loadSignupMatches(context: Readonly<RouterContextProvider>) {
  const user = requireUser(context)
  const app = getAppContext(context)
  const profile = await app.services.profiles.getOwn(user.id, app.site.settings.cdn_prefix)
  const profiles = await app.services.members.rank({
    viewerUserId: user.id,
    genders: gendersSought(profile.gender, profile.sexuality),
    minAge: profile.seek_min_age,
    maxAge: profile.seek_max_age,
    country: profile.country,
    interestIds: profile.interests,
    preferRegionId: profile.region_id,
    limit: 12,
    cdnPrefix: app.site.settings.cdn_prefix,
  })
  return { profiles }
}

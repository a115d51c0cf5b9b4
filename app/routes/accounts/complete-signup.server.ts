import { type RouterContextProvider, redirect } from 'react-router'
import { z } from 'zod'
import { gendersSought, sexualityOf } from '#common/matching.ts'
import { ProfileUpdateInput } from '#common/schemas/members.ts'
import { getAppContext } from '../../context.server.ts'
import { refused } from '../../lib/form-action.server.ts'
import { requireUser } from './guards.server.ts'

/** The new member's profile for the sign-up steps. */
export async function loadCompleteSignup(context: Readonly<RouterContextProvider>) {
  const user = requireUser(context)
  const app = getAppContext(context)
  const profile = await app.services.profiles.getOwn(user.id, app.site.settings.cdn_prefix)
  return {
    profile,
    countries: app.site.settings.countries,
    // The profile's country's regions: the place's form is whole before the scripts.
    regions: {
      country: profile.country,
      regions: await app.services.sites.listRegions(profile.country, app.locale),
    },
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

const NEXT_STEPS = ['0', '1', '2', '3', '4', 'done']
const Seeking = z.object({ seeking: z.enum(['men', 'women', 'both'], { error: 'seeking_required' }) })

/**
 * A sign-up step's post: the parts of the profile its form holds (whom the member looks for, the
 * place, the interests, the about text), checked by the profile's schema like the API's PUT, then
 * the next step (`next`).
 */
export async function saveSignupStep(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const form = await request.formData()
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  try {
    const gender = text('gender')
    if (form.has('ask_seeking')) Seeking.parse({ seeking: text('seeking') || undefined })
    const seeking = text('seeking')
    const input = ProfileUpdateInput.parse({
      ...(form.has('gender') ? { gender } : {}),
      ...(form.has('seeking') ? { sexuality: sexualityOf(gender, seeking as never) } : {}),
      ...(form.has('seek_min_age') ? { seek_min_age: Number(text('seek_min_age')) } : {}),
      ...(form.has('seek_max_age') ? { seek_max_age: Number(text('seek_max_age')) } : {}),
      ...(form.has('country')
        ? {
            country: text('country'),
            region_id: text('region_id') ? Number(text('region_id')) : null,
            city: text('city').trim() || null,
          }
        : {}),
      ...(form.has('interests_shown') ? { interests: form.getAll('interests').map(Number) } : {}),
      ...(form.has('about') ? { about: text('about').trim() || null } : {}),
    })
    const settings = app.site.settings
    await app.services.profiles.update(app.request.member().userId, input, settings)
  } catch (error) {
    // What the step held comes back with its refusal (the interests are re-ticked from the list).
    const values: Record<string, string> = {}
    for (const [name, value] of form)
      if (typeof value === 'string' && name !== 'interests') values[name] = value
    return refused(context, error, values)
  }
  const next = text('next')
  return redirect(`/complete-signup?step=${NEXT_STEPS.includes(next) ? next : 'done'}`)
}

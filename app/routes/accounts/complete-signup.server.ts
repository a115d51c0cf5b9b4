import { type RouterContextProvider, redirect } from 'react-router'
import { z } from 'zod'
import { api } from '#common/api.ts'
import { gendersSought, sexualityOf } from '#common/matching.ts'
import { getAppContext } from '../../context.server.ts'
import { callAction, step } from '../../lib/call-action.server.ts'
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
 * place, the interests, the about text), through the API's profile call's one handler
 * (app/lib/call-action.server.ts), then the next step (`next`). Refused, what the step held comes
 * back (the interests are re-ticked from the list).
 */
export function saveSignupStep(context: Readonly<RouterContextProvider>, request: Request) {
  return callAction(
    context,
    request,
    {
      step: step({
        call: api.updateProfile,
        read: (_fields, form) => stepFields(form),
        answer: (_saved, _body, form) => {
          const next = form.get('next')
          return redirect(`/complete-signup?step=${NEXT_STEPS.includes(String(next)) ? next : 'done'}`)
        },
      }),
    },
    () => getAppContext(context).request.memberActor(),
  )
}

/** A step's fields as the API's profile: only the parts its form holds. */
function stepFields(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const gender = text('gender')
  if (form.has('ask_seeking')) Seeking.parse({ seeking: text('seeking') || undefined })
  const seeking = text('seeking')
  return {
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
  }
}

import type { RouterContextProvider } from 'react-router'
import { api } from '#common/api.ts'
import { TRAIT_VALUES } from '#common/choices.ts'
import { type Seeking, sexualityOf } from '#common/matching.ts'
import type { SiteSettings } from '#common/schemas/sites.ts'
import { getAppContext } from '../../context.server.ts'
import { callAction, step } from '../../lib/call-action.server.ts'
import { loadCompleteSignup } from './complete-signup.server.ts'
import { requireUser } from './guards.server.ts'

const TRAITS = Object.keys(TRAIT_VALUES) as (keyof typeof TRAIT_VALUES)[]
const SEEKING: readonly string[] = ['men', 'women', 'both'] satisfies Seeking[]

/**
 * The profile page: the member's profile, written prompts and voice prompt, with the interests and their country's
 * regions to choose from.
 */
export async function loadProfilePage(context: Readonly<RouterContextProvider>) {
  const app = getAppContext(context)
  // The sign-up's page data has the profile's country's regions already.
  const page = await loadCompleteSignup(context)
  const userId = requireUser(context).id
  const [voice, prompts] = await Promise.all([
    app.services.voicePrompts.get(userId, app.site),
    app.services.profilePrompts.get(userId),
  ])
  return { ...page, voice, prompts, interests: app.services.sites.listInterests(app.locale) }
}

/**
 * The profile page's two forms (`?intent=`), each through its API call's one handler
 * (app/lib/call-action.server.ts): the profile (the API's PUT /api/profile.php, as a form, with only
 * the traits and notes the site shows; refused, it answers the member's values to put back, the
 * interests as one comma-separated value), and "download my data" (a job prepares the zip and
 * mails its link).
 */
export function saveProfile(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getAppContext(context)
  const settings = app.site.settings
  return callAction(
    context,
    request,
    {
      profile: step({
        call: api.updateProfile,
        read: (_fields, form) => profileFields(form, settings),
      }),
      export: step({ call: api.requestDataExport }),
    },
    () => app.request.memberActor(),
  )
}

/** The profile form's fields as the API's profile: the traits and notes the site shows, and whom the member seeks. */
function profileFields(form: FormData, settings: SiteSettings) {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const gender = text('gender')
  const seeking = text('seeking')
  return {
    name: text('name'),
    date_of_birth: text('date_of_birth'),
    invisible: form.has('invisible'),
    verified_contact_only: form.has('verified_contact_only'),
    voice_notes: form.has('voice_notes'),
    show_reply_time: form.has('show_reply_time'),
    ...(settings.visible_profile_notes.includes('about') && form.has('about')
      ? { about: text('about').trim() || null }
      : {}),
    ...Object.fromEntries(
      TRAITS.filter((trait) => settings.visible_profile_fields.includes(trait) && form.has(trait)).map(
        (trait) => [trait, text(trait) || null],
      ),
    ),
    country: text('country'),
    region_id: text('region_id') ? Number(text('region_id')) : null,
    city: text('city').trim() || null,
    // The chips are part of the form: none posted is none chosen.
    ...(form.has('interests_shown') ? { interests: form.getAll('interests').map(Number) } : {}),
    gender,
    ...(SEEKING.includes(seeking) ? { sexuality: sexualityOf(gender, seeking as Seeking) } : {}),
    seek_min_age: Number(text('seek_min_age')),
    seek_max_age: Number(text('seek_max_age')),
  }
}

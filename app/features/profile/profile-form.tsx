import { useState } from 'react'
import { TRAIT_VALUES } from '#common/choices.ts'
import { type Seeking, seekingOf } from '#common/matching.ts'
import type { OwnProfile } from '#common/schemas/members.ts'
import type { Interest } from '#common/schemas/sites.ts'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { useFetcherForm } from '../../lib/page-form.ts'
import type { KnownRegions } from '../reference-data/index.ts'
import { InterestChips } from './interest-chips.tsx'
import { LocationFields, type LocationValue } from './location-fields.tsx'
import { type LookingFor, LookingForFields } from './looking-for-fields.tsx'

type Trait = keyof typeof TRAIT_VALUES
const TRAITS = Object.keys(TRAIT_VALUES) as Trait[]

/** The privacy section's switches: the value each sets, its form field and its words. */
const PRIVACY_SWITCHES = [
  { key: 'invisible', name: 'invisible', label: 'profilePage.invisible', help: 'profilePage.invisibleHelp' },
  {
    key: 'verifiedContactOnly',
    name: 'verified_contact_only',
    label: 'profilePage.verifiedContactOnly',
    help: 'profilePage.verifiedContactOnlyHelp',
  },
  {
    key: 'voiceNotes',
    name: 'voice_notes',
    label: 'profilePage.voiceNotes',
    help: 'profilePage.voiceNotesHelp',
  },
  {
    key: 'showReplyTime',
    name: 'show_reply_time',
    label: 'profilePage.showReplyTime',
    help: 'profilePage.showReplyTimeHelp',
  },
] as const

/**
 * What the form starts from: the profile, or what the member posted when the page's action
 * refused it without the page's scripts (the page is served again with their values).
 */
function startingValues(p: OwnProfile, posted: Record<string, string>) {
  const has = Object.keys(posted).length > 0
  const pick = (name: string, saved: string) => (has ? (posted[name] ?? '') : saved)
  const seeking = p.sexuality ? seekingOf(p.gender, p.sexuality) : ''
  const gender = pick('gender', p.gender)
  return {
    values: {
      name: pick('name', p.name),
      date_of_birth: pick('date_of_birth', p.date_of_birth),
      about: pick('about', p.about ?? ''),
      invisible: has ? posted.invisible !== undefined : p.invisible,
      verifiedContactOnly: has ? posted.verified_contact_only !== undefined : p.verified_contact_only,
      voiceNotes: has ? posted.voice_notes !== undefined : p.voice_notes,
      showReplyTime: has ? posted.show_reply_time !== undefined : p.show_reply_time,
      traits: Object.fromEntries(TRAITS.map((trait) => [trait, pick(trait, p[trait] ?? '')])) as Record<
        Trait,
        string
      >,
    },
    location: {
      country: pick('country', p.country),
      regionId: has ? Number(posted.region_id) || null : p.region_id,
      city: pick('city', p.city ?? ''),
    } satisfies LocationValue,
    interests: new Set(has ? (posted.interests ?? '').split(',').filter(Boolean).map(Number) : p.interests),
    lookingFor: {
      gender: gender === 'male' ? 'male' : 'female',
      seeking: pick('seeking', seeking) as Seeking | '',
      minAge: has ? Number(posted.seek_min_age) || p.seek_min_age : p.seek_min_age,
      maxAge: has ? Number(posted.seek_max_age) || p.seek_max_age : p.seek_max_age,
    } satisfies LookingFor,
  }
}

/**
 * The profile editor: name, birth date, traits the site shows, about, location, interests,
 * invisible mode. It posts to the profile page's action (a fetcher), with or without the scripts.
 */
export function ProfileForm(props: {
  profile: OwnProfile
  countries: readonly string[]
  visibleFields: readonly string[]
  showAbout: boolean
  interests: readonly Interest[]
  regions: KnownRegions
  pageAnswer?: unknown
}) {
  const { t } = useTranslation()
  const form = useFetcherForm('profile', 'profile', props.pageAnswer)
  const p = props.profile
  const [start] = useState(() => startingValues(p, form.values))
  const [values, setValues] = useState(start.values)
  const [location, setLocation] = useState<LocationValue>(start.location)
  const [interests, setInterests] = useState<Set<number>>(start.interests)
  const [lookingFor, setLookingFor] = useState<LookingFor>(start.lookingFor)
  const fields = form.fields
  // The whole form's message beside any field's own: some fields (country, interests) have none.
  const failed = !form.busy && form.answer?.ok === false ? form.answer.message : null

  return (
    <form.fetcher.Form method="post" action="/profile" noValidate aria-busy={form.busy}>
      <section className="card card-body shadow-sm mb-4" aria-labelledby="me-title">
        <h2 id="me-title" className="h5">
          {t('profilePage.aboutYou')}
        </h2>
        <div className="row">
          <div className="col-sm-6">
            <FormField
              id="profile-name"
              name="name"
              label={t('signup.name')}
              value={values.name}
              maxLength={30}
              onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
              error={fields.name}
            />
          </div>
          <div className="col-sm-6">
            <FormField
              id="profile-dob"
              name="date_of_birth"
              type="date"
              label={t('signup.dateOfBirth')}
              value={values.date_of_birth}
              onChange={(e) => setValues((v) => ({ ...v, date_of_birth: e.target.value }))}
              error={fields.date_of_birth}
              help={t('profilePage.age', { age: p.age })}
            />
          </div>
          {TRAITS.filter((trait) => props.visibleFields.includes(trait)).map((trait) => (
            <div key={trait} className="col-sm-6 col-lg-4 mb-3">
              <label className="form-label" htmlFor={`trait-${trait}`}>
                {t(`traits.labels.${trait}`)}
              </label>
              <select
                id={`trait-${trait}`}
                name={trait}
                className="form-select"
                value={values.traits[trait]}
                onChange={(e) =>
                  setValues((v) => ({ ...v, traits: { ...v.traits, [trait]: e.target.value } }))
                }
              >
                <option value="">{t('profilePage.notSaying')}</option>
                {TRAIT_VALUES[trait].map((option) => (
                  <option key={option} value={option}>
                    {t(`traits.${trait}.${option}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        {props.showAbout ? (
          <div className="mb-3">
            <label className="form-label" htmlFor="profile-about">
              {t('completeSignup.aboutLabel')}
            </label>
            <textarea
              id="profile-about"
              name="about"
              className="form-control"
              rows={5}
              maxLength={2000}
              value={values.about}
              onChange={(e) => setValues((v) => ({ ...v, about: e.target.value }))}
            />
          </div>
        ) : null}
      </section>
      <section
        className="card card-body shadow-sm mb-4"
        aria-labelledby="looking-for"
        id="looking-for-section"
      >
        <h2 id="looking-for" className="h5">
          {t('preferences.title')}
        </h2>
        <LookingForFields value={lookingFor} onChange={setLookingFor} idPrefix="profile" named />
        {fields.seek_max_age ? <p className="text-danger small mb-0">{fields.seek_max_age}</p> : null}
      </section>
      <section id="where-section" className="card card-body shadow-sm mb-4" aria-labelledby="where-title">
        <h2 id="where-title" className="h5">
          {t('completeSignup.locationTitle')}
        </h2>
        <LocationFields
          countries={props.countries}
          value={location}
          onChange={setLocation}
          knownRegions={props.regions}
        />
        {fields.region_id ? <p className="text-danger small mb-0">{fields.region_id}</p> : null}
      </section>
      <section className="card card-body shadow-sm mb-4" aria-labelledby="likes-title">
        <h2 id="likes-title" className="h5">
          {t('completeSignup.interestsTitle')}
        </h2>
        <InterestChips
          chosen={interests}
          onChange={setInterests}
          legend={t('completeSignup.interestsTitle')}
          catalogue={props.interests}
          name="interests"
        />
      </section>
      <section className="card card-body shadow-sm mb-4" aria-labelledby="privacy-title">
        <h2 id="privacy-title" className="h5">
          {t('profilePage.privacy')}
        </h2>
        {PRIVACY_SWITCHES.map(({ key, name, label, help }, i) => (
          <div key={name}>
            <div className="form-check form-switch">
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                aria-checked={values[key]}
                id={`profile-${name}`}
                name={name}
                checked={values[key]}
                onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.checked }))}
              />
              <label className="form-check-label" htmlFor={`profile-${name}`}>
                {t(label)}
              </label>
            </div>
            <p className={`form-text${i === PRIVACY_SWITCHES.length - 1 ? ' mb-0' : ''}`}>{t(help)}</p>
          </div>
        ))}
      </section>
      <FormMessage error={failed} success={form.done ? t('profilePage.saved') : null} />
      <SubmitButton busy={form.busy} beforeScripts>
        {t('profilePage.save')}
      </SubmitButton>
    </form.fetcher.Form>
  )
}

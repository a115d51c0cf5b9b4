import { type FormEvent, useState } from 'react'
import { useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import { TRAIT_VALUES } from '#common/choices.ts'
import { seekingOf, sexualityOf } from '#common/matching.ts'
import { type OwnProfile, ProfileUpdateInput } from '#common/schemas/members.ts'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiFormErrors, type FieldErrors, zodFieldErrors } from '../../lib/form-errors.ts'
import { InterestChips } from './interest-chips.tsx'
import { LocationFields, type LocationValue } from './location-fields.tsx'
import { type LookingFor, LookingForFields } from './looking-for-fields.tsx'

type Trait = keyof typeof TRAIT_VALUES
const TRAITS = Object.keys(TRAIT_VALUES) as Trait[]

/** The profile editor: name, birth date, traits the site shows, about, location, interests, invisible mode. */
export function ProfileForm(props: {
  profile: OwnProfile
  countries: readonly string[]
  visibleFields: readonly string[]
  showAbout: boolean
}) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const p = props.profile
  const [values, setValues] = useState({
    name: p.name,
    date_of_birth: p.date_of_birth,
    about: p.about ?? '',
    invisible: p.invisible,
    traits: Object.fromEntries(TRAITS.map((trait) => [trait, p[trait] ?? ''])) as Record<Trait, string>,
  })
  const [location, setLocation] = useState<LocationValue>({
    country: p.country,
    regionId: p.region_id,
    city: p.city ?? '',
  })
  const [interests, setInterests] = useState<Set<number>>(new Set(p.interests))
  const [lookingFor, setLookingFor] = useState<LookingFor>({
    gender: p.gender === 'male' ? 'male' : 'female',
    seeking: p.sexuality ? seekingOf(p.gender, p.sexuality) : '',
    minAge: p.seek_min_age,
    maxAge: p.seek_max_age,
  })
  const [fields, setFields] = useState<FieldErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSaved(false)
    setMessage(null)
    const body = {
      name: values.name,
      date_of_birth: values.date_of_birth,
      invisible: values.invisible,
      ...(props.showAbout ? { about: values.about.trim() || null } : {}),
      ...Object.fromEntries(
        TRAITS.filter((trait) => props.visibleFields.includes(trait)).map((trait) => [
          trait,
          values.traits[trait] || null,
        ]),
      ),
      country: location.country,
      region_id: location.regionId,
      city: location.city.trim() || null,
      interests: [...interests],
      gender: lookingFor.gender,
      ...(lookingFor.seeking ? { sexuality: sexualityOf(lookingFor.gender, lookingFor.seeking) } : {}),
      seek_min_age: lookingFor.minAge,
      seek_max_age: lookingFor.maxAge,
    }
    const parsed = ProfileUpdateInput.safeParse(body)
    if (!parsed.success) {
      setFields(zodFieldErrors(parsed.error, t))
      return
    }
    setFields({})
    setBusy(true)
    try {
      await callApi(api.updateProfile, { body, retries: 0 })
      setSaved(true)
      await revalidator.revalidate()
    } catch (error) {
      const result = apiFormErrors(error, t)
      setFields(result.fields)
      setMessage(result.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <section className="card card-body shadow-sm mb-4" aria-labelledby="me-title">
        <h2 id="me-title" className="h5">
          {t('profilePage.aboutYou')}
        </h2>
        <div className="row">
          <div className="col-sm-6">
            <FormField
              id="profile-name"
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
        <LookingForFields value={lookingFor} onChange={setLookingFor} idPrefix="profile" />
        {fields.seek_max_age ? <p className="text-danger small mb-0">{fields.seek_max_age}</p> : null}
      </section>
      <section className="card card-body shadow-sm mb-4" aria-labelledby="where-title">
        <h2 id="where-title" className="h5">
          {t('completeSignup.locationTitle')}
        </h2>
        <LocationFields countries={props.countries} value={location} onChange={setLocation} />
      </section>
      <section className="card card-body shadow-sm mb-4" aria-labelledby="likes-title">
        <h2 id="likes-title" className="h5">
          {t('completeSignup.interestsTitle')}
        </h2>
        <InterestChips
          chosen={interests}
          onChange={setInterests}
          legend={t('completeSignup.interestsTitle')}
        />
      </section>
      <section className="card card-body shadow-sm mb-4" aria-labelledby="privacy-title">
        <h2 id="privacy-title" className="h5">
          {t('profilePage.privacy')}
        </h2>
        <div className="form-check form-switch">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            aria-checked={values.invisible}
            id="profile-invisible"
            checked={values.invisible}
            onChange={(e) => setValues((v) => ({ ...v, invisible: e.target.checked }))}
          />
          <label className="form-check-label" htmlFor="profile-invisible">
            {t('profilePage.invisible')}
          </label>
        </div>
        <p className="form-text mb-0">{t('profilePage.invisibleHelp')}</p>
      </section>
      <FormMessage error={message} success={saved ? t('profilePage.saved') : null} />
      <SubmitButton busy={busy}>{t('profilePage.save')}</SubmitButton>
    </form>
  )
}

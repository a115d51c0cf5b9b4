import { type FormEvent, useState } from 'react'
import { useTranslation } from '../../i18n.ts'
import { FictionalExtras, TRAITS, type Trait } from './fictional-extras.tsx'

export interface FictionalFields {
  name: string
  date_of_birth: string
  gender: 'female' | 'male'
  sexuality: 'straight' | 'gay' | 'bisexual'
  country: string
  city: string
  about: string
  traits: Record<Trait, string>
  region_id: number | null
  interests: number[]
}

/** A fictional profile's traits as a form holds them ('' for none). */
export function traitFields(profile: Partial<Record<Trait, string | null>>): Record<Trait, string> {
  return Object.fromEntries(TRAITS.map((trait) => [trait, profile[trait] ?? ''])) as Record<Trait, string>
}

/** The form's fields as the console's calls take them (empty values as null). */
export function fictionalBody(fields: FictionalFields) {
  const { traits, ...rest } = fields
  return {
    ...rest,
    ...(Object.fromEntries(TRAITS.map((trait) => [trait, traits[trait] || null])) as Record<Trait, never>),
    city: fields.city || null,
    about: fields.about || null,
  }
}

/** The fields of a fictional profile, for making one and for editing it. */
export function FictionalForm({
  initial,
  countries,
  busy,
  submitLabel,
  onSubmit,
}: {
  initial: FictionalFields
  countries: readonly string[]
  busy: boolean
  submitLabel: string
  onSubmit: (fields: FictionalFields) => void
}) {
  const { t } = useTranslation()
  const [fields, setFields] = useState(initial)
  const set = <K extends keyof FictionalFields>(key: K, value: FictionalFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(fields)
  }
  return (
    <form className="row g-2" onSubmit={submit} aria-busy={busy}>
      <div className="col-sm-6">
        <label className="form-label small" htmlFor="fictional-name">
          {t('console.fictional.name')}
        </label>
        <input
          id="fictional-name"
          className="form-control form-control-sm"
          required
          minLength={2}
          maxLength={30}
          value={fields.name}
          onChange={(e) => set('name', e.target.value)}
        />
      </div>
      <div className="col-sm-6">
        <label className="form-label small" htmlFor="fictional-dob">
          {t('console.fictional.dob')}
        </label>
        <input
          id="fictional-dob"
          type="date"
          className="form-control form-control-sm"
          required
          value={fields.date_of_birth}
          onChange={(e) => set('date_of_birth', e.target.value)}
        />
      </div>
      <div className="col-sm-4">
        <label className="form-label small" htmlFor="fictional-gender">
          {t('console.fictional.gender')}
        </label>
        <select
          id="fictional-gender"
          className="form-select form-select-sm"
          value={fields.gender}
          onChange={(e) => set('gender', e.target.value as FictionalFields['gender'])}
        >
          <option value="female">{t('traits.gender.female')}</option>
          <option value="male">{t('traits.gender.male')}</option>
        </select>
      </div>
      <div className="col-sm-4">
        <label className="form-label small" htmlFor="fictional-sexuality">
          {t('console.fictional.sexuality')}
        </label>
        <select
          id="fictional-sexuality"
          className="form-select form-select-sm"
          value={fields.sexuality}
          onChange={(e) => set('sexuality', e.target.value as FictionalFields['sexuality'])}
        >
          {(['straight', 'gay', 'bisexual'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`traits.sexuality.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-4">
        <label className="form-label small" htmlFor="fictional-country">
          {t('console.fictional.country')}
        </label>
        <select
          id="fictional-country"
          className="form-select form-select-sm"
          value={fields.country}
          onChange={(e) => setFields((f) => ({ ...f, country: e.target.value, region_id: null }))}
        >
          {countries.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="col-sm-6">
        <label className="form-label small" htmlFor="fictional-city">
          {t('console.fictional.city')}
        </label>
        <input
          id="fictional-city"
          className="form-control form-control-sm"
          maxLength={80}
          value={fields.city}
          onChange={(e) => set('city', e.target.value)}
        />
      </div>
      <FictionalExtras
        country={fields.country}
        traits={fields.traits}
        regionId={fields.region_id}
        interests={fields.interests}
        onTrait={(trait, value) => set('traits', { ...fields.traits, [trait]: value })}
        onRegion={(region) => set('region_id', region)}
        onInterests={(interests) => set('interests', interests)}
      />
      <div className="col-12">
        <label className="form-label small" htmlFor="fictional-about">
          {t('console.fictional.about')}
        </label>
        <textarea
          id="fictional-about"
          className="form-control form-control-sm"
          rows={3}
          maxLength={2000}
          value={fields.about}
          onChange={(e) => set('about', e.target.value)}
        />
      </div>
      <div className="col-12">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  )
}

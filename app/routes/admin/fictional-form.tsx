import { useState } from 'react'
import type { Interest } from '#common/schemas/sites.ts'
import type { KnownRegions } from '../../features/reference-data/index.ts'
import { useTranslation } from '../../i18n.ts'
import { useFetcherForm } from '../../lib/page-form.ts'
import { ActionFeedback } from './console-ui.tsx'
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

/**
 * The fields of a fictional profile, for making one and for editing it. It posts to its page's
 * action (`intent`, a fetcher), with or without the page's scripts; what it says comes above it.
 */
export function FictionalForm({
  initial,
  countries,
  submitLabel,
  action,
  intent,
  hidden,
  interests,
  knownRegions,
  savedLabel,
  pageAnswer,
}: {
  initial: FictionalFields
  countries: readonly string[]
  submitLabel: string
  /** Where it posts (the page, with `?intent=`). */
  action: string
  intent: string
  /** What the call needs beside the fields: the site of a new profile, or the profile edited. */
  hidden: Record<string, string | number>
  interests: readonly Interest[]
  knownRegions?: KnownRegions
  savedLabel: string
  pageAnswer?: unknown
}) {
  const { t } = useTranslation()
  const form = useFetcherForm(`fictional-${intent}`, intent, pageAnswer)
  const [fields, setFields] = useState(initial)
  const set = <K extends keyof FictionalFields>(key: K, value: FictionalFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }))
  const busy = form.busy
  return (
    <form.fetcher.Form method="post" action={action} className="row g-2" aria-busy={busy}>
      <div className="col-12">
        <ActionFeedback status={form.done ? savedLabel : ''} error={form.error} />
      </div>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="col-sm-6">
        <label className="form-label small" htmlFor="fictional-name">
          {t('console.fictional.name')}
        </label>
        <input
          id="fictional-name"
          name="name"
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
          name="date_of_birth"
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
          name="gender"
          className="form-select form-select-sm"
          value={fields.gender}
          onChange={(e) => set('gender', e.target.value as FictionalFields['gender'])}
        >
          <option value="female">{t('traits.gender.female')}</option>
          <option value="male">{t('traits.gender.male')}</option>
        </select>
      </div>
      <div className="col-sm-5">
        <label className="form-label small" htmlFor="fictional-sexuality">
          {t('console.fictional.sexuality')}
        </label>
        <select
          id="fictional-sexuality"
          name="sexuality"
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
      <div className="col-sm-3">
        <label className="form-label small" htmlFor="fictional-country">
          {t('console.fictional.country')}
        </label>
        <select
          id="fictional-country"
          name="country"
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
          name="city"
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
        catalogue={interests}
        knownRegions={knownRegions}
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
          name="about"
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
    </form.fetcher.Form>
  )
}

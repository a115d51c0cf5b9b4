import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OwnProfile } from '#common/schemas/members.ts'
import type { Region } from '#common/schemas/sites.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import { referenceData } from '../reference-data/reference-data.ts'
import { saveProfile } from './save-profile.ts'
import { StepFrame } from './step-frame.tsx'

/** Step 1: country, region and city. */
export function LocationStep(props: {
  profile: OwnProfile
  countries: readonly string[]
  onDone: () => void
  onSkip: () => void
  step: [number, number]
}) {
  const { t, i18n } = useTranslation()
  const [country, setCountry] = useState(props.profile.country)
  const [regionId, setRegionId] = useState<number | null>(props.profile.region_id)
  const [city, setCity] = useState(props.profile.city ?? '')
  const [regions, setRegions] = useState<Region[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' })

  useEffect(() => {
    let current = true
    setRegions(null)
    referenceData
      .regions(country)
      .then((list) => current && setRegions(list))
      .catch(() => current && setRegions([]))
    return () => {
      current = false
    }
  }, [country])

  const save = async () => {
    setBusy(true)
    try {
      await saveProfile({ country, region_id: regionId, city: city.trim() || null })
      props.onDone()
    } catch (e) {
      setError(apiFormErrors(e, t).message)
      setBusy(false)
    }
  }
  return (
    <StepFrame
      index={props.step[0]}
      total={props.step[1]}
      title={t('completeSignup.locationTitle')}
      intro={t('completeSignup.locationIntro')}
      error={error}
      busy={busy}
      onSubmit={save}
      onSkip={props.onSkip}
    >
      <div className="mb-3">
        <label className="form-label" htmlFor="loc-country">
          {t('langConfig.country')}
        </label>
        <select
          id="loc-country"
          className="form-select"
          value={country}
          onChange={(e) => {
            setCountry(e.target.value)
            setRegionId(null)
          }}
        >
          {props.countries.map((code) => (
            <option key={code} value={code}>
              {names.of(code)}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="loc-region">
          {t('completeSignup.region')}
        </label>
        <select
          id="loc-region"
          className="form-select"
          value={regionId ?? ''}
          disabled={regions === null}
          aria-busy={regions === null}
          onChange={(e) => setRegionId(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">
            {regions === null ? t('common.loading') : t('completeSignup.chooseRegion')}
          </option>
          {(regions ?? []).map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="loc-city">
          {t('completeSignup.city')}
        </label>
        <input
          id="loc-city"
          className="form-control"
          autoComplete="address-level2"
          maxLength={80}
          value={city}
          onChange={(e) => setCity(e.target.value)}
        />
      </div>
    </StepFrame>
  )
}

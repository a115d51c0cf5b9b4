import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Geocode } from '#common/schemas/location.ts'
import type { OwnProfile } from '#common/schemas/members.ts'
import type { Region } from '#common/schemas/sites.ts'

import { fetchJson } from '../../lib/api-client.ts'
import { currentPosition, geolocationPermission } from '../../lib/geolocation.ts'
import { referenceData } from '../reference-data/reference-data.ts'
import { saveProfile } from './save-profile.ts'
import { StepFrame } from './step-frame.tsx'
import { useStepSave } from './use-step-save.ts'

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
  const { busy, error, run } = useStepSave(props.onDone)
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

  const [locating, setLocating] = useState(false)
  const [note, setNote] = useState<string | null>(null)
  const [canLocate, setCanLocate] = useState(false)
  useEffect(() => {
    geolocationPermission(window).then((state) => setCanLocate(state !== 'unsupported' && state !== 'denied'))
  }, [])

  const locate = async () => {
    setLocating(true)
    setNote(null)
    try {
      const { coords } = await currentPosition(window)
      const found = await fetchJson<Geocode | false>(
        `/api/geocode.php?lat=${coords.latitude.toFixed(4)}&lon=${coords.longitude.toFixed(4)}`,
      )
      if (!found || !props.countries.includes(found.country)) {
        setNote(t('completeSignup.notFound'))
      } else {
        setCountry(found.country)
        setRegionId(found.region_id)
        setCity(found.city)
        setNote(t('completeSignup.located', { city: found.city }))
      }
    } catch (e) {
      const denied = (e as GeolocationPositionError)?.code === 1
      if (denied) setCanLocate(false)
      setNote(denied ? t('completeSignup.locationDenied') : t('completeSignup.notFound'))
    } finally {
      setLocating(false)
    }
  }

  const save = () => run(() => saveProfile({ country, region_id: regionId, city: city.trim() || null }))

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
      {canLocate ? (
        <button type="button" className="btn btn-outline-primary mb-3" onClick={locate} disabled={locating}>
          {locating ? t('completeSignup.locating') : t('completeSignup.useLocation')}
        </button>
      ) : null}
      {note ? (
        <p className="small" role="status">
          {note}
        </p>
      ) : null}
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

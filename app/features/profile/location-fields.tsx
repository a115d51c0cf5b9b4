import { useEffect, useState } from 'react'
import { api } from '#common/api.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { useCountryName } from '../../lib/country-names.ts'
import { currentPosition, watchGeolocationPermission } from '../../lib/geolocation.ts'
import { type KnownRegions, useRegions } from '../reference-data/index.ts'

export interface LocationValue {
  country: string
  regionId: number | null
  city: string
}

/** Country, region (loaded once per country) and city, with "Use my location" where the browser allows. */
export function LocationFields(props: {
  countries: readonly string[]
  value: LocationValue
  onChange: (next: LocationValue) => void
  /** The regions of the country the page started with, from its loader. */
  knownRegions?: KnownRegions
}) {
  const { t } = useTranslation()
  const { value, onChange } = props
  const regions = useRegions(value.country, props.knownRegions)
  const [locating, setLocating] = useState(false)
  const [note, setNote] = useState<string | null>(null)
  const [canLocate, setCanLocate] = useState(false)
  const countryName = useCountryName()

  useEffect(
    () =>
      watchGeolocationPermission(window, (state) =>
        setCanLocate(state !== 'unsupported' && state !== 'denied'),
      ),
    [],
  )

  const locate = async () => {
    setLocating(true)
    setNote(null)
    try {
      const { coords } = await currentPosition(window)
      const found = await callApi(api.geocode, {
        query: { lat: coords.latitude.toFixed(4), lon: coords.longitude.toFixed(4) },
      })
      if (!found || !props.countries.includes(found.country)) {
        setNote(t('completeSignup.notFound'))
      } else {
        onChange({ country: found.country, regionId: found.region_id, city: found.city })
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

  return (
    <>
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
          name="country"
          className="form-select"
          value={value.country}
          onChange={(e) => onChange({ ...value, country: e.target.value, regionId: null })}
        >
          {props.countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
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
          name="region_id"
          className="form-select"
          value={value.regionId ?? ''}
          disabled={regions === null}
          aria-busy={regions === null}
          onChange={(e) => onChange({ ...value, regionId: e.target.value ? Number(e.target.value) : null })}
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
          name="city"
          className="form-control"
          autoComplete="address-level2"
          maxLength={80}
          value={value.city}
          onChange={(e) => onChange({ ...value, city: e.target.value })}
        />
      </div>
    </>
  )
}

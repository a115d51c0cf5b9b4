import { Fragment, type ReactNode, useState } from 'react'
import { Form } from 'react-router'
import type { MemberSearchQuery } from '#common/schemas/members.ts'
import {
  offers,
  paramsInForce,
  SEARCH_FILTERS,
  type SearchControl,
  type SearchFilterKey,
  type SearchParam,
} from '#common/search-filters.ts'
import { FoldButton } from '../../components/fold-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { useCountryName } from '../../lib/country-names.ts'
import { InterestChips } from '../profile/index.ts'
import { useRegions } from '../reference-data/index.ts'

const AGES = Array.from({ length: 82 }, (_, i) => i + 18)

/** A lowest or highest age filter, empty for no bound. */
function AgeSelect({
  name,
  label,
  value,
}: {
  name: 'min_age' | 'max_age'
  label: string
  value: number | undefined
}) {
  const id = `f-${name.replace('_', '-')}`
  return (
    <div className="col-6 col-md-2 col-lg-1">
      <label className="form-label small" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="form-select" defaultValue={value ?? ''}>
        <option value="">–</option>
        {AGES.map((a) => (
          <option key={a}>{a}</option>
        ))}
      </select>
    </div>
  )
}

/** A filter's control as common/search-filters.ts describes it: a choice or a checkbox. */
function TableControl({ name, control, value }: { name: string; control: SearchControl; value: unknown }) {
  const { t } = useTranslation()
  const id = `f-${name}`
  if (control.kind === 'check')
    return (
      <div className="col-12 col-md-auto">
        <div className="form-check mb-md-2">
          <input
            className="form-check-input"
            type="checkbox"
            id={id}
            name={name}
            value={control.value}
            defaultChecked={value === control.value}
          />
          <label className="form-check-label" htmlFor={id}>
            {t(control.label)}
          </label>
        </div>
      </div>
    )
  return (
    <div className="col-6 col-md-4 col-lg-2">
      <label className="form-label small" htmlFor={id}>
        {t(control.label)}
      </label>
      <select id={id} name={name} className="form-select" defaultValue={(value as string | number) ?? ''}>
        <option value="">{t(control.any)}</option>
        {control.options.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label, 'params' in option ? option.params : undefined)}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The search filters as a GET form: they live in the address, so a search can be shared and reloaded. */
export function SearchFilters({
  query,
  countries,
  searchFields,
  nearby,
}: {
  query: MemberSearchQuery
  /** The member has a place: results come nearest first, and a distance can be chosen (ADR 26). */
  nearby: boolean
  countries: readonly string[]
  /** The site's search_fields: which filters it offers. */
  searchFields: readonly string[]
}) {
  // What the form offers, by common/search-filters.ts.
  const show = (key: SearchFilterKey, param: SearchParam) => offers(key, param, { searchFields, nearby })
  const { t } = useTranslation()
  const countryName = useCountryName()
  const [country, setCountry] = useState(query.country ?? '')
  const regions = useRegions(country) ?? []
  // On phones the filters fold behind one button, so that the results show on the first screen.
  const [open, setOpen] = useState(false)
  const [interests, setInterests] = useState<Set<number>>(new Set(query.interests ?? []))
  const active = paramsInForce(query).length
  // The filters with a control of their own, drawn where the table puts them.
  const ownControls: Partial<Record<SearchFilterKey, ReactNode>> = {
    // The country and the region take half the row on a wide screen: "United Kingdom", "Toutes les
    // régions" are the longest choices.
    country: show('country', 'country') ? (
      <div className="col-6 col-md-4 col-lg-3">
        <label className="form-label small" htmlFor="f-country">
          {t('langConfig.country')}
        </label>
        <select
          id="f-country"
          name="country"
          className="form-select"
          value={country}
          onChange={(e) => setCountry(e.target.value)}
        >
          <option value="">{t('search.anyCountry')}</option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </select>
      </div>
    ) : null,
    region: show('region', 'countryregion') ? (
      <div className="col-12 col-md-4 col-lg-3">
        <label className="form-label small" htmlFor="f-region">
          {t('completeSignup.region')}
        </label>
        <select
          id="f-region"
          name="countryregion"
          className="form-select"
          defaultValue={query.countryregion ?? ''}
          key={`${country}-${regions.length}`}
          disabled={!country}
        >
          <option value="">{t('search.anyRegion')}</option>
          {regions.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
    ) : null,
    ages: (
      <>
        {show('ages', 'min_age') ? (
          <AgeSelect name="min_age" label={t('search.minAge')} value={query.min_age} />
        ) : null}
        {show('ages', 'max_age') ? (
          <AgeSelect name="max_age" label={t('search.maxAge')} value={query.max_age} />
        ) : null}
      </>
    ),
    interests: show('interests', 'interests') ? (
      <details className="col-12 order-md-last search-interests" open={interests.size > 0}>
        <summary className="small">
          {interests.size > 0
            ? t('search.interestsChosen', { count: interests.size })
            : t('search.interests')}
        </summary>
        <InterestChips
          chosen={interests}
          onChange={setInterests}
          legend={t('search.interests')}
          name="interests"
          markShown={false}
        />
      </details>
    ) : null,
  }
  const keys = Object.keys(SEARCH_FILTERS) as SearchFilterKey[]
  // On a wide screen the checkboxes start the second row, with the button at its end.
  const firstCheck = keys.find((key) => {
    const filter: (typeof SEARCH_FILTERS)[SearchFilterKey] = SEARCH_FILTERS[key]
    return 'control' in filter && filter.control.kind === 'check' && show(key, filter.params[0])
  })
  return (
    <Form
      method="get"
      className={`search-filters card card-body shadow-sm mb-3 mb-md-4${open ? '' : ' search-filters-folded'}`}
      aria-label={t('search.filters')}
    >
      <FoldButton
        open={open}
        onToggle={() => setOpen(!open)}
        controls="search-filter-fields"
        className="btn-outline-primary"
      >
        {active > 0 ? t('search.filtersActive', { count: active }) : t('search.filtersToggle')}
      </FoldButton>
      <div
        id="search-filter-fields"
        className={`row g-2 align-items-end ${open ? 'mt-2' : 'd-none'} d-md-flex mt-md-0`}
      >
        {keys.map((key) => {
          const filter: (typeof SEARCH_FILTERS)[SearchFilterKey] = SEARCH_FILTERS[key]
          if ('control' in filter) {
            const [param] = filter.params
            if (!show(key, param)) return null
            return (
              <Fragment key={key}>
                {key === firstCheck ? <div className="w-100 d-none d-lg-block" /> : null}
                <TableControl name={param} control={filter.control} value={query[param]} />
              </Fragment>
            )
          }
          return <Fragment key={key}>{ownControls[key]}</Fragment>
        })}
        <div className="col-12 col-md-auto ms-md-auto d-grid">
          <button type="submit" className="btn btn-primary px-md-4">
            {t('search.submit')}
          </button>
        </div>
      </div>
    </Form>
  )
}

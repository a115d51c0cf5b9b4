import { useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { FictionalListNote } from '../../features/members/index.ts'
import { MemberCard } from '../../features/members/member-card.tsx'
import { InterestChips } from '../../features/profile/interest-chips.tsx'
import { useRegions } from '../../features/reference-data/use-regions.ts'
import { useTranslation } from '../../i18n.ts'
import { useCountryName } from '../../lib/country-names.ts'
import type { Route } from './+types/match-finder'
import { loadMatchFinder } from './match-finder.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadMatchFinder(context, request)
}

const AGES = Array.from({ length: 82 }, (_, i) => i + 18)

/** /match-finder: who, which ages, where, which interests; then the best-fitting members first. */
export default function MatchFinder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { answers, country, asked, invalid, profiles } = loaderData
  const [interests, setInterests] = useState<Set<number>>(new Set(answers.interests))
  const regions = useRegions(country) ?? []
  const countryName = useCountryName()(country)
  return (
    <div className="container py-4">
      <PageTitle title={t('matchFinder.title')} />
      <h1 className="h3">{t('matchFinder.title')}</h1>
      <p className="text-body-secondary">{t('matchFinder.intro')}</p>
      <Form
        method="get"
        className="card card-body shadow-sm mb-4 match-finder"
        aria-label={t('matchFinder.title')}
      >
        <fieldset className="mb-3">
          <legend className="h6">{t('matchFinder.who')}</legend>
          <div className="d-flex flex-wrap gap-3">
            {(['female', 'male', 'both'] as const).map((g) => (
              <div className="form-check" key={g}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="gender"
                  id={`mf-${g}`}
                  value={g}
                  defaultChecked={answers.gender === g}
                />
                <label className="form-check-label" htmlFor={`mf-${g}`}>
                  {t(`matchFinder.genders.${g}`)}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset className="mb-3">
          <legend className="h6">{t('matchFinder.ages')}</legend>
          <div className="row g-2" style={{ maxWidth: 360 }}>
            {(['min_age', 'max_age'] as const).map((name) => (
              <div className="col-6" key={name}>
                <label className="form-label small" htmlFor={`mf-${name}`}>
                  {name === 'min_age' ? t('search.minAge') : t('search.maxAge')}
                </label>
                <select id={`mf-${name}`} name={name} className="form-select" defaultValue={answers[name]}>
                  {AGES.map((a) => (
                    <option key={a}>{a}</option>
                  ))}
                </select>
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset className="mb-3">
          <legend className="h6">{t('matchFinder.where')}</legend>
          <label className="visually-hidden" htmlFor="mf-region">
            {t('completeSignup.region')}
          </label>
          <select
            id="mf-region"
            name="countryregion"
            className="form-select"
            style={{ maxWidth: 360 }}
            defaultValue={answers.countryregion ?? ''}
            key={regions.length}
          >
            <option value="">{t('matchFinder.anywhere', { country: countryName })}</option>
            {regions.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </fieldset>
        <InterestChips
          chosen={interests}
          onChange={setInterests}
          legend={t('matchFinder.interests')}
          visibleLegend
        />
        {interests.size > 0 ? (
          <input type="hidden" name="interests" value={[...interests].join(',')} />
        ) : null}
        <div className="mt-3">
          <button type="submit" className="btn btn-primary" disabled={navigation.state !== 'idle'}>
            {t('matchFinder.submit')}
          </button>
        </div>
      </Form>
      {invalid ? (
        <p className="alert alert-warning" role="alert">
          {t('search.invalid')}
        </p>
      ) : null}
      {asked && !invalid ? (
        <section aria-labelledby="mf-results" aria-busy={navigation.state === 'loading'}>
          <h2 id="mf-results" className="h5">
            {t('matchFinder.results', { count: profiles.length })}
          </h2>
          {profiles.length === 0 ? (
            <div className="text-center py-4 text-body-secondary">
              <p>{t('matchFinder.none')}</p>
              <Link to="/members" className="btn btn-outline-primary">
                {t('likes.searchMembers')}
              </Link>
            </div>
          ) : (
            <ol className="member-grid list-unstyled">
              {profiles.map((profile) => (
                <li key={profile.id}>
                  <MemberCard
                    profile={profile}
                    note={
                      profile.shared_interests > 0
                        ? t('matchFinder.shared', { count: profile.shared_interests })
                        : undefined
                    }
                  />
                </li>
              ))}
            </ol>
          )}
          <FictionalListNote profiles={profiles} />
        </section>
      ) : null}
    </div>
  )
}

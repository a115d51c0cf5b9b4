import type { Seeking } from '#common/matching.ts'
import { useTranslation } from '../../i18n.ts'

const AGES = Array.from({ length: 82 }, (_, i) => i + 18)

export interface LookingFor {
  gender: 'female' | 'male'
  seeking: Seeking | ''
  minAge: number
  maxAge: number
}

/**
 * Who I am and whom I look for (issue 18): gender, "looking for" and the ages sought. Search, the
 * swipe game, the match finder, the like modal and the auto-like start from these. `askWho` leaves
 * out gender and "looking for" where sign-up already asked them.
 */
export function LookingForFields({
  value,
  onChange,
  askWho = true,
  idPrefix = 'pref',
  named = false,
}: {
  value: LookingFor
  onChange: (value: LookingFor) => void
  askWho?: boolean
  idPrefix?: string
  /** The fields carry the profile's names (gender, seeking, seek_min_age, seek_max_age) for a posted form. */
  named?: boolean
}) {
  const { t } = useTranslation()
  const name = (field: string) => (named ? field : `${idPrefix}-${field}`)
  const set = (patch: Partial<LookingFor>) => onChange({ ...value, ...patch })
  return (
    <>
      {askWho ? (
        <>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('signup.iAm')}</legend>
            {(['female', 'male'] as const).map((g) => (
              <div className="form-check form-check-inline" key={g}>
                <input
                  className="form-check-input"
                  type="radio"
                  id={`${idPrefix}-${g}`}
                  name={name('gender')}
                  value={g}
                  checked={value.gender === g}
                  onChange={() => set({ gender: g })}
                />
                <label className="form-check-label" htmlFor={`${idPrefix}-${g}`}>
                  {t(g === 'female' ? 'signup.woman' : 'signup.man')}
                </label>
              </div>
            ))}
          </fieldset>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('signup.lookingFor')}</legend>
            {(['men', 'women', 'both'] as const).map((s) => (
              <div className="form-check form-check-inline" key={s}>
                <input
                  className="form-check-input"
                  type="radio"
                  id={`${idPrefix}-seek-${s}`}
                  name={name('seeking')}
                  value={s}
                  checked={value.seeking === s}
                  onChange={() => set({ seeking: s })}
                />
                <label className="form-check-label" htmlFor={`${idPrefix}-seek-${s}`}>
                  {t(`signup.${s}`)}
                </label>
              </div>
            ))}
          </fieldset>
        </>
      ) : null}
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('preferences.ages')}</legend>
        <div className="d-flex align-items-center gap-2 flex-wrap">
          <label className="visually-hidden" htmlFor={`${idPrefix}-min-age`}>
            {t('preferences.minAge')}
          </label>
          <select
            id={`${idPrefix}-min-age`}
            name={named ? 'seek_min_age' : undefined}
            className="form-select w-auto"
            value={value.minAge}
            onChange={(e) => set({ minAge: Number(e.target.value) })}
          >
            {AGES.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
          <span aria-hidden="true">{t('preferences.to')}</span>
          <label className="visually-hidden" htmlFor={`${idPrefix}-max-age`}>
            {t('preferences.maxAge')}
          </label>
          <select
            id={`${idPrefix}-max-age`}
            name={named ? 'seek_max_age' : undefined}
            className="form-select w-auto"
            value={value.maxAge}
            onChange={(e) => set({ maxAge: Number(e.target.value) })}
          >
            {AGES.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
          <span>{t('preferences.years')}</span>
        </div>
      </fieldset>
    </>
  )
}

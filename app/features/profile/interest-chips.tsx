import { useEffect, useState } from 'react'
import { MAX_INTERESTS } from '#common/constants.ts'
import type { Interest } from '#common/schemas/sites.ts'
import { useTranslation } from '../../i18n.ts'
import { referenceData } from '../reference-data/index.ts'

/**
 * The interests catalogue as toggle chips (loaded once per language and kept); at MAX_INTERESTS chosen
 * the others wait until one is let go (a profile holds, and a search asks for, no more).
 */
export function InterestChips(props: {
  chosen: ReadonlySet<number>
  onChange: (next: Set<number>) => void
  legend: string
  /** Show the legend as the question's title (it is read by screen readers either way). */
  visibleLegend?: boolean
  /** The catalogue as the page's loader gave it (the chips are there before the scripts). */
  catalogue?: readonly Interest[]
  /** The checkboxes' name, for a form that posts them (one value per chosen interest). */
  name?: string
  /** A GET form (search) needs no mark that the chips were shown: none ticked is no filter. */
  markShown?: boolean
}) {
  const { t, i18n } = useTranslation()
  const [loaded, setAll] = useState<readonly Interest[] | null>(null)
  const [failed, setFailed] = useState(false)
  const given = props.catalogue
  useEffect(() => {
    if (given) return
    referenceData
      .interests(i18n.language)
      .then(setAll)
      .catch(() => setFailed(true))
  }, [i18n.language, given])
  const all = given ?? loaded
  if (failed) return <p role="alert">{t('errors.server.error')}</p>
  if (all === null) return <p aria-busy="true">{t('common.loading')}</p>
  const toggle = (id: number) => {
    const next = new Set(props.chosen)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    props.onChange(next)
  }
  const full = props.chosen.size >= MAX_INTERESTS
  return (
    <fieldset className="d-flex flex-wrap gap-2">
      {/* Posted with the chips: the form says it holds them, so none ticked is none chosen. */}
      {props.name && props.markShown !== false ? (
        <input type="hidden" name={`${props.name}_shown`} value="1" />
      ) : null}
      <legend className={props.visibleLegend ? 'h6 w-100 mb-1' : 'visually-hidden'}>{props.legend}</legend>
      <p className="w-100 small text-body-secondary mb-0" aria-live="polite">
        {full ? t('interests.full', { count: MAX_INTERESTS }) : null}
      </p>
      {all.map((interest) => (
        <div key={interest.id}>
          <input
            type="checkbox"
            className="btn-check"
            id={`interest-${interest.id}`}
            name={props.name}
            value={interest.id}
            checked={props.chosen.has(interest.id)}
            disabled={full && !props.chosen.has(interest.id)}
            onChange={() => toggle(interest.id)}
          />
          <label className="btn btn-sm btn-outline-primary rounded-pill" htmlFor={`interest-${interest.id}`}>
            {interest.name}
          </label>
        </div>
      ))}
    </fieldset>
  )
}

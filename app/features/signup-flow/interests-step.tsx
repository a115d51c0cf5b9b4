import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OwnProfile } from '#common/schemas/members.ts'
import type { Interest } from '#common/schemas/sites.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import { referenceData } from '../reference-data/reference-data.ts'
import { saveProfile } from './save-profile.ts'
import { StepFrame } from './step-frame.tsx'
import { useStepSave } from './use-step-save.ts'

/** Step 3: interests. */
export function InterestsStep(props: {
  profile: OwnProfile
  onDone: () => void
  onSkip: () => void
  step: [number, number]
}) {
  const { t, i18n } = useTranslation()
  const [all, setAll] = useState<Interest[] | null>(null)
  const [chosen, setChosen] = useState(new Set(props.profile.interests))
  const { busy, error, setError, run } = useStepSave(props.onDone)
  useEffect(() => {
    referenceData
      .interests(i18n.language)
      .then(setAll)
      .catch((e) => setError(apiFormErrors(e, t).message))
  }, [i18n.language, t, setError])
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const save = () => run(() => saveProfile({ interests: [...chosen] }))

  return (
    <StepFrame
      index={props.step[0]}
      total={props.step[1]}
      title={t('completeSignup.interestsTitle')}
      intro={t('completeSignup.interestsIntro')}
      error={error}
      busy={busy}
      onSubmit={save}
      onSkip={props.onSkip}
    >
      {all === null ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : (
        <fieldset className="d-flex flex-wrap gap-2">
          <legend className="visually-hidden">{t('completeSignup.interestsTitle')}</legend>
          {all.map((interest) => (
            <div key={interest.id}>
              <input
                type="checkbox"
                className="btn-check"
                id={`interest-${interest.id}`}
                checked={chosen.has(interest.id)}
                onChange={() => toggle(interest.id)}
              />
              <label
                className="btn btn-sm btn-outline-primary rounded-pill"
                htmlFor={`interest-${interest.id}`}
              >
                {interest.name}
              </label>
            </div>
          ))}
        </fieldset>
      )}
    </StepFrame>
  )
}

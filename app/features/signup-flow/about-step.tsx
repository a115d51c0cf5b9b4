import { useState } from 'react'
import type { OwnProfile } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'
import { saveProfile } from './save-profile.ts'
import { StepFrame } from './step-frame.tsx'
import { useStepSave } from './use-step-save.ts'

/** Step 4: a few words about yourself. */
export function AboutStep(props: {
  profile: OwnProfile
  onDone: () => void
  onSkip: () => void
  step: [number, number]
}) {
  const { t } = useTranslation()
  const [about, setAbout] = useState(props.profile.about ?? '')
  const { busy, error, run } = useStepSave(props.onDone)
  const save = () => run(() => saveProfile({ about: about.trim() || null }))

  return (
    <StepFrame
      index={props.step[0]}
      total={props.step[1]}
      title={t('completeSignup.aboutTitle')}
      intro={t('completeSignup.aboutIntro')}
      error={error}
      busy={busy}
      onSubmit={save}
      onSkip={props.onSkip}
    >
      <label className="form-label" htmlFor="about-text">
        {t('completeSignup.aboutLabel')}
      </label>
      <textarea
        id="about-text"
        className="form-control"
        rows={5}
        maxLength={2000}
        value={about}
        onChange={(e) => setAbout(e.target.value)}
      />
      <div className="form-text">{t('completeSignup.aboutHelp', { count: 2000 - about.length })}</div>
    </StepFrame>
  )
}

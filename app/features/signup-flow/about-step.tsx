import { useState } from 'react'
import type { OwnProfile } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'
import { StepFrame } from './step-frame.tsx'
import { useStepSave } from './use-step-save.ts'

/** Step 4: a few words about yourself. */
export function AboutStep(props: { profile: OwnProfile; next: string; step: [number, number] }) {
  const { t } = useTranslation()
  const { busy, error, posted } = useStepSave()
  const [about, setAbout] = useState(posted.about ?? props.profile.about ?? '')

  return (
    <StepFrame
      index={props.step[0]}
      total={props.step[1]}
      title={t('completeSignup.aboutTitle')}
      intro={t('completeSignup.aboutIntro')}
      error={error}
      busy={busy}
      next={props.next}
      skipTo="done"
    >
      <label className="form-label" htmlFor="about-text">
        {t('completeSignup.aboutLabel')}
      </label>
      <textarea
        id="about-text"
        name="about"
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

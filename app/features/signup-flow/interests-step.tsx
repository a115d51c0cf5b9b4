import { useState } from 'react'
import type { OwnProfile } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'
import { InterestChips } from '../profile/index.ts'
import { StepFrame } from './step-frame.tsx'
import { useStepSave } from './use-step-save.ts'

/** Step 3: interests. */
export function InterestsStep(props: { profile: OwnProfile; next: string; step: [number, number] }) {
  const { t } = useTranslation()
  const [chosen, setChosen] = useState<Set<number>>(new Set(props.profile.interests))
  const { busy, error } = useStepSave()
  return (
    <StepFrame
      index={props.step[0]}
      total={props.step[1]}
      title={t('completeSignup.interestsTitle')}
      intro={t('completeSignup.interestsIntro')}
      error={error}
      busy={busy}
      next={props.next}
      skipTo={props.next}
    >
      <InterestChips
        chosen={chosen}
        onChange={setChosen}
        legend={t('completeSignup.interestsTitle')}
        name="interests"
      />
    </StepFrame>
  )
}

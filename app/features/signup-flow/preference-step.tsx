import { useState } from 'react'
import { seekingOf, sexualityOf } from '#common/matching.ts'
import type { OwnProfile } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'
import { type LookingFor, LookingForFields } from '../profile/index.ts'
import { saveProfile } from './save-profile.ts'
import { StepFrame } from './step-frame.tsx'
import { useStepSave } from './use-step-save.ts'

/**
 * Step 0: whom I look for. Sign-up asked gender and "looking for" already: here the member chooses
 * the ages they look for; gender and "looking for" are asked only when sign-up did not get them.
 */
export function PreferenceStep({
  profile,
  onDone,
  step,
}: {
  profile: OwnProfile
  onDone: () => void
  step: [number, number]
}) {
  const { t } = useTranslation()
  const askWho = !profile.sexuality
  const [value, setValue] = useState<LookingFor>({
    gender: profile.gender === 'male' ? 'male' : 'female',
    seeking: profile.sexuality ? seekingOf(profile.gender, profile.sexuality) : '',
    minAge: profile.seek_min_age,
    maxAge: profile.seek_max_age,
  })
  const { busy, error, setError, run } = useStepSave(onDone)
  const save = () => {
    if (!value.seeking) {
      setError(t('completeSignup.chooseSeeking'))
      return
    }
    if (value.minAge > value.maxAge) {
      setError(t('errors.profile.age_range_invalid'))
      return
    }
    void run(() =>
      saveProfile({
        ...(askWho
          ? { gender: value.gender, sexuality: sexualityOf(value.gender, value.seeking || 'both') }
          : {}),
        seek_min_age: value.minAge,
        seek_max_age: value.maxAge,
      }),
    )
  }

  return (
    <StepFrame
      index={step[0]}
      total={step[1]}
      title={t('completeSignup.preferenceTitle')}
      intro={
        askWho
          ? undefined
          : t('completeSignup.preferenceIntro', { who: t(`preferences.who.${value.seeking}`) })
      }
      error={error}
      busy={busy}
      onSubmit={save}
    >
      <LookingForFields value={value} onChange={setValue} askWho={askWho} idPrefix="pref" />
    </StepFrame>
  )
}

import { useState } from 'react'
import { seekingOf } from '#common/matching.ts'
import type { OwnProfile } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'
import { type LookingFor, LookingForFields } from '../profile/index.ts'
import { StepFrame } from './step-frame.tsx'
import { useStepSave } from './use-step-save.ts'

/**
 * Step 0: whom I look for. Sign-up asked gender and "looking for" already: here the member chooses
 * the ages they look for; gender and "looking for" are asked only when sign-up did not get them.
 */
export function PreferenceStep({
  profile,
  next,
  step,
}: {
  profile: OwnProfile
  next: string
  step: [number, number]
}) {
  const { t } = useTranslation()
  const askWho = !profile.sexuality
  const { busy, error, setMissing, posted } = useStepSave()
  const [value, setValue] = useState<LookingFor>(() => ({
    gender: (posted.gender ?? profile.gender) === 'male' ? 'male' : 'female',
    seeking: (posted.seeking ??
      (profile.sexuality ? seekingOf(profile.gender, profile.sexuality) : '')) as LookingFor['seeking'],
    minAge: Number(posted.seek_min_age) || profile.seek_min_age,
    maxAge: Number(posted.seek_max_age) || profile.seek_max_age,
  }))
  // Checked here first; the action checks the same with the profile's schema.
  const check = () =>
    !value.seeking
      ? t('completeSignup.chooseSeeking')
      : value.minAge > value.maxAge
        ? t('errors.profile.age_range_invalid')
        : null

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
      next={next}
      check={check}
      onChecked={setMissing}
    >
      {/* The action asks for whom the member looks when this step asks it. */}
      {askWho ? <input type="hidden" name="ask_seeking" value="1" /> : null}
      <LookingForFields value={value} onChange={setValue} askWho={askWho} idPrefix="pref" named />
    </StepFrame>
  )
}

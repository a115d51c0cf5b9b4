import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OwnProfile } from '#common/schemas/members.ts'
import { saveProfile } from './save-profile.ts'
import { StepFrame } from './step-frame.tsx'
import { useStepSave } from './use-step-save.ts'

type Seeking = 'men' | 'women' | 'both'

function seekingOf(profile: OwnProfile): Seeking | '' {
  if (!profile.sexuality) return ''
  if (profile.sexuality === 'bisexual') return 'both'
  const sameSex = profile.sexuality === 'gay'
  return (profile.gender === 'female') === sameSex ? 'women' : 'men'
}

/** Step 0: who I am and whom I look for. */
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
  const [gender, setGender] = useState(profile.gender)
  const [seeking, setSeeking] = useState<Seeking | ''>(seekingOf(profile))
  const { busy, error, setError, run } = useStepSave(onDone)
  const save = () => {
    if (!seeking) {
      setError(t('completeSignup.chooseSeeking'))
      return
    }
    const sexuality =
      seeking === 'both' ? 'bisexual' : (gender === 'female') === (seeking === 'men') ? 'straight' : 'gay'
    void run(() => saveProfile({ gender: gender as 'female' | 'male', sexuality }))
  }

  return (
    <StepFrame
      index={step[0]}
      total={step[1]}
      title={t('completeSignup.preferenceTitle')}
      error={error}
      busy={busy}
      onSubmit={save}
    >
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('signup.iAm')}</legend>
        {(['female', 'male'] as const).map((g) => (
          <div className="form-check form-check-inline" key={g}>
            <input
              className="form-check-input"
              type="radio"
              id={`pref-${g}`}
              name="gender"
              checked={gender === g}
              onChange={() => setGender(g)}
            />
            <label className="form-check-label" htmlFor={`pref-${g}`}>
              {t(g === 'female' ? 'signup.woman' : 'signup.man')}
            </label>
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend className="form-label fs-6">{t('signup.lookingFor')}</legend>
        {(['men', 'women', 'both'] as const).map((s) => (
          <div className="form-check form-check-inline" key={s}>
            <input
              className="form-check-input"
              type="radio"
              id={`seek-${s}`}
              name="seeking"
              checked={seeking === s}
              onChange={() => setSeeking(s)}
            />
            <label className="form-check-label" htmlFor={`seek-${s}`}>
              {t(`signup.${s}`)}
            </label>
          </div>
        ))}
      </fieldset>
    </StepFrame>
  )
}

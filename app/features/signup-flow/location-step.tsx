import { useState } from 'react'
import type { OwnProfile } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'
import { LocationFields, type LocationValue } from '../profile/index.ts'
import { saveProfile } from './save-profile.ts'
import { StepFrame } from './step-frame.tsx'
import { useStepSave } from './use-step-save.ts'

/** Step 1: country, region and city. */
export function LocationStep(props: {
  profile: OwnProfile
  countries: readonly string[]
  onDone: () => void
  onSkip: () => void
  step: [number, number]
}) {
  const { t } = useTranslation()
  const [location, setLocation] = useState<LocationValue>({
    country: props.profile.country,
    regionId: props.profile.region_id,
    city: props.profile.city ?? '',
  })
  const { busy, error, run } = useStepSave(props.onDone)
  const save = () =>
    run(() =>
      saveProfile({
        country: location.country,
        region_id: location.regionId,
        city: location.city.trim() || null,
      }),
    )
  return (
    <StepFrame
      index={props.step[0]}
      total={props.step[1]}
      title={t('completeSignup.locationTitle')}
      intro={t('completeSignup.locationIntro')}
      error={error}
      busy={busy}
      onSubmit={save}
      onSkip={props.onSkip}
    >
      <LocationFields countries={props.countries} value={location} onChange={setLocation} />
    </StepFrame>
  )
}

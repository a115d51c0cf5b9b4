import { useState } from 'react'
import type { OwnProfile } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'
import { LocationFields, type LocationValue } from '../profile/index.ts'
import type { KnownRegions } from '../reference-data/index.ts'
import { StepFrame } from './step-frame.tsx'
import { useStepSave } from './use-step-save.ts'

/** Step 1: country, region and city. */
export function LocationStep(props: {
  profile: OwnProfile
  countries: readonly string[]
  next: string
  knownRegions: KnownRegions
  step: [number, number]
}) {
  const { t } = useTranslation()
  const { busy, error, posted } = useStepSave()
  const [location, setLocation] = useState<LocationValue>(() => ({
    country: posted.country ?? props.profile.country,
    regionId: posted.country ? Number(posted.region_id) || null : props.profile.region_id,
    city: posted.city ?? props.profile.city ?? '',
  }))
  return (
    <StepFrame
      index={props.step[0]}
      total={props.step[1]}
      title={t('completeSignup.locationTitle')}
      intro={t('completeSignup.locationIntro')}
      error={error}
      busy={busy}
      next={props.next}
      skipTo={props.next}
    >
      <LocationFields
        countries={props.countries}
        value={location}
        onChange={setLocation}
        knownRegions={props.knownRegions}
      />
    </StepFrame>
  )
}

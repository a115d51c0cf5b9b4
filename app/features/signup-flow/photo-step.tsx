import { useState } from 'react'
import type { OwnProfile } from '#common/schemas/members.ts'
import { useTranslation } from '../../i18n.ts'
import { PhotoUploader } from '../profile/index.ts'
import { StepFrame } from './step-frame.tsx'

/** Step 2: a photo, by picker or drag and drop, with a progress bar. */
export function PhotoStep(props: {
  profile: OwnProfile
  onDone: () => void
  onSkip: () => void
  onUploaded: () => void
  step: [number, number]
}) {
  const { t } = useTranslation()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const photos = props.profile.photos
  return (
    <StepFrame
      index={props.step[0]}
      total={props.step[1]}
      title={t('completeSignup.photoTitle')}
      intro={t('completeSignup.photoIntro')}
      error={error}
      busy={busy}
      onSubmit={props.onDone}
      onSkip={photos.length === 0 ? props.onSkip : undefined}
    >
      {photos.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3" aria-label={t('completeSignup.yourPhotos')}>
          {photos.map((photo) => (
            <li key={photo.id}>
              <img
                src={photo.thumb_filename}
                alt={t('completeSignup.yourPhoto')}
                width={96}
                height={96}
                className="rounded"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <PhotoUploader onUploaded={props.onUploaded} onError={setError} onBusy={setBusy} />
    </StepFrame>
  )
}

import { type DragEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OwnProfile } from '#common/schemas/members.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import { StepFrame } from './step-frame.tsx'
import { uploadPhoto } from './upload-photo.ts'

/** Step 2: a photo, by picker or drag and drop, with a progress bar. */
export function PhotoStep(props: {
  profile: OwnProfile
  onDone: () => void
  onSkip: () => void
  onUploaded: () => void
  step: [number, number]
}) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const photos = props.profile.photos

  const send = async (file: File | undefined) => {
    if (!file) return
    setError(null)
    setProgress(0)
    try {
      await uploadPhoto(file, setProgress)
      props.onUploaded()
    } catch (e) {
      setError(apiFormErrors(e, t).message ?? t('errors.server.error'))
    } finally {
      setProgress(null)
      if (input.current) input.current.value = ''
    }
  }
  const drop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    void send(event.dataTransfer.files[0])
  }
  return (
    <StepFrame
      index={props.step[0]}
      total={props.step[1]}
      title={t('completeSignup.photoTitle')}
      intro={t('completeSignup.photoIntro')}
      error={error}
      busy={progress !== null}
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
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the button inside is the keyboard way */}
      <div
        className={`photo-drop rounded border border-2 border-dashed p-4 text-center${dragging ? ' bg-primary-subtle' : ''}`}
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p className="mb-2">{t('completeSignup.dropHere')}</p>
        <label className="btn btn-outline-primary" htmlFor="photo-input">
          {t('completeSignup.choosePhoto')}
        </label>
        <input
          ref={input}
          id="photo-input"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/avif"
          className="visually-hidden"
          onChange={(e) => void send(e.target.files?.[0])}
        />
        {progress !== null ? (
          <div
            className="progress mt-3"
            role="progressbar"
            aria-label={t('completeSignup.uploading')}
            aria-valuenow={Math.round(progress * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div
              className="progress-bar progress-bar-striped progress-bar-animated"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
        ) : null}
      </div>
    </StepFrame>
  )
}

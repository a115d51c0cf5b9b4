import { type DragEvent, useRef, useState } from 'react'
import { useTranslation } from '../../i18n.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import { uploadPhoto } from './upload-photo.ts'

/** Choose or drop a photo; it uploads at once with a progress bar; errors in the member's language. */
export function PhotoUploader(props: {
  onUploaded: () => void
  onError: (message: string | null) => void
  onBusy?: (busy: boolean) => void
}) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [dragging, setDragging] = useState(false)

  const send = async (file: File | undefined) => {
    if (!file) return
    props.onError(null)
    props.onBusy?.(true)
    setProgress(0)
    try {
      await uploadPhoto(file, setProgress)
      props.onUploaded()
    } catch (e) {
      props.onError(apiFormErrors(e, t).message ?? t('errors.server.error'))
    } finally {
      setProgress(null)
      props.onBusy?.(false)
      if (input.current) input.current.value = ''
    }
  }
  const drop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    void send(event.dataTransfer.files[0])
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the button inside is the keyboard way
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
  )
}

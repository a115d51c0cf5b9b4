import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import type { OwnProfile } from '#common/schemas/members.ts'
import { FormMessage } from '../../components/form-field.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { PhotoUploader } from './photo-uploader.tsx'

/** The member's photos: status, main photo, make main, delete, add (up to 3, or 25 with Premium). */
export function OwnPhotos({ photos, limit }: { photos: OwnProfile['photos']; limit: number }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const act = async (method: 'PUT' | 'DELETE', photo: number) => {
    setBusy(true)
    setError(null)
    try {
      await callApi(method === 'PUT' ? api.mainPhoto : api.removePhoto, { body: { photo }, retries: 1 })
      await revalidator.revalidate()
    } catch (e) {
      setError(apiFormErrors(e, t).message ?? t('errors.server.error'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="card card-body shadow-sm mb-4" aria-labelledby="photos-title">
      <h2 id="photos-title" className="h5">
        {t('profilePage.photos', { count: photos.length, limit })}
      </h2>
      <FormMessage error={error} />
      <ul className="own-photos list-unstyled">
        {photos.map((photo, i) => (
          <li key={photo.id} className="own-photo">
            <img
              src={photo.thumb_filename}
              alt={t('profilePage.photoN', { n: i + 1 })}
              width={160}
              height={160}
            />
            <div className="small mt-1">
              {photo.main ? (
                <span className="badge text-bg-primary me-1">{t('profilePage.main')}</span>
              ) : null}
              {photo.status !== 'active' ? (
                <span
                  className={`badge ${photo.status === 'pending' ? 'text-bg-warning' : 'text-bg-danger'}`}
                >
                  {t(`profilePage.status.${photo.status}`)}
                </span>
              ) : null}
            </div>
            <div className="d-flex flex-wrap gap-1 mt-1">
              {photo.main ? null : (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  disabled={!hydrated || busy}
                  onClick={() => act('PUT', photo.id)}
                >
                  {t('profilePage.makeMain')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                disabled={!hydrated || busy}
                onClick={() => act('DELETE', photo.id)}
                aria-label={t('profilePage.deletePhoto', { n: i + 1 })}
              >
                {t('profilePage.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {photos.length < limit ? (
        <PhotoUploader onUploaded={() => void revalidator.revalidate()} onError={setError} onBusy={setBusy} />
      ) : (
        <p className="mb-0 text-body-secondary">{t('profilePage.full', { count: limit })}</p>
      )}
    </section>
  )
}

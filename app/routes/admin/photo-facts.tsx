import type { PhotoQueueItem } from '#common/schemas/moderation.ts'
import { useTranslation } from '../../i18n.ts'
import { BannedFaceNote } from './banned-face-note.tsx'
import { ConsoleTime } from './console-time.tsx'
import { PhotoThumbs } from './console-ui.tsx'

/**
 * What a moderator reads beside a photo in the queue: whose it is and when it came, whether it is
 * live already, the explicit-image model's score, a duplicate of another member's photo, a banned
 * member's face (issue 60), and the member's other photos with their states.
 */
export function PhotoFacts({ photo }: { photo: PhotoQueueItem }) {
  const { t } = useTranslation()
  return (
    <>
      <h2 className="h6 mb-1">
        {photo.member.name}, {photo.member.age} · {photo.member.country} ·{' '}
        <span className="text-body-secondary">
          {photo.member.site} · #{photo.member.user_id}
        </span>
      </h2>
      <p className="small mb-2">
        <span className={`badge ${photo.status === 'pending' ? 'text-bg-warning' : 'text-bg-info'}`}>
          {photo.status === 'pending' ? t('console.photos.pendingNote') : t('console.photos.liveNote')}
        </span>{' '}
        {t('console.photos.uploaded')} <ConsoleTime at={photo.created_at} />
      </p>
      {photo.explicit_score !== null ? (
        <p className="small mb-2" data-testid="explicit-score">
          <span className={`badge ${photo.explicit ? 'text-bg-danger' : 'text-bg-light border'}`}>
            {t(photo.explicit ? 'console.photos.explicit' : 'console.photos.explicitScore', {
              score: photo.explicit_score.toFixed(2),
            })}
          </span>
        </p>
      ) : null}
      {photo.duplicate_of ? (
        <div className="alert alert-danger py-2 small d-flex gap-2 align-items-center" role="note">
          <img src={photo.duplicate_of.url} alt="" width={48} height={48} className="rounded" />
          <span>
            {t('console.photos.duplicate', {
              name: photo.duplicate_of.name,
              id: photo.duplicate_of.profile_id,
            })}
          </span>
        </div>
      ) : null}
      {photo.banned_face ? <BannedFaceNote banned={photo.banned_face} /> : null}
      <h3 className="h6 small text-body-secondary">{t('console.photos.others')}</h3>
      {photo.others.length === 0 ? (
        <p className="small text-body-secondary">{t('console.photos.noOthers')}</p>
      ) : (
        <PhotoThumbs photos={photo.others} size={72} className="mb-2" />
      )}
    </>
  )
}

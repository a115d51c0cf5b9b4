import { Toast, ToastContainer } from 'react-bootstrap'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { AutoLikeResponse } from '#common/schemas/likes.ts'

/** Tells the member that someone just liked them (GET /api/auto-like.php). */
export function AutoLikeToast({
  profile,
  onClose,
}: {
  profile: NonNullable<AutoLikeResponse['profile']>
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <ToastContainer
      position="top-end"
      className="p-3 position-fixed auto-like-toasts"
      containerPosition="fixed"
    >
      <Toast onClose={onClose} delay={10_000} autohide bg="light">
        <Toast.Header closeLabel={t('likes.close')}>
          <strong className="me-auto">{t('likes.autoLike.title')}</strong>
        </Toast.Header>
        <Toast.Body className="d-flex align-items-center gap-3">
          {profile.main_image ? (
            <img
              src={profile.main_image.thumb_filename}
              alt=""
              width={56}
              height={56}
              className="rounded-circle"
            />
          ) : null}
          <div>
            <p className="mb-1">{t('likes.autoLike.text', { name: profile.name })}</p>
            <Link to={`/likes/m/${profile.id}`} onClick={onClose}>
              {t('likes.autoLike.open')}
            </Link>
          </div>
        </Toast.Body>
      </Toast>
    </ToastContainer>
  )
}

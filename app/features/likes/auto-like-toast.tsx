import { Link } from 'react-router'
import type { AutoLikeResponse } from '#common/schemas/likes.ts'
import { Toast } from '../../components/toast.tsx'
import { useTranslation } from '../../i18n.ts'
import { FictionalBadge, FictionalDisclosure } from '../members/index.ts'

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
    <Toast
      onClose={onClose}
      delay={10_000}
      title={t('likes.autoLike.title')}
      closeLabel={t('likes.close')}
      className="bg-light"
      containerClassName="auto-like-toasts"
    >
      <div className="d-flex align-items-center gap-3">
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
          <p className="mb-1">
            {t('likes.autoLike.text', { name: profile.name })} {profile.fictional ? <FictionalBadge /> : null}
          </p>
          {profile.fictional ? <FictionalDisclosure /> : null}
          <Link to={`/likes/m/${profile.id}`} onClick={onClose}>
            {t('likes.autoLike.open')}
          </Link>
        </div>
      </div>
    </Toast>
  )
}

import { useNavigate } from 'react-router'
import type { User } from '#common/schemas/accounts.ts'
import type { PublicProfile } from '#common/schemas/members.ts'
import { Modal } from '../../components/modal.tsx'
import { ProfileAvatar } from '../../components/profile-avatar.tsx'
import { useTranslation } from '../../i18n.ts'
import { FictionalBadge, FictionalDisclosure } from '../members/index.ts'

/**
 * The match modal (spec sections 2 and 4): closes on any click; pressing the image opens the
 * profile, pressing the button opens the chat, each with the profile's id.
 */
export function MatchModal({
  profile,
  viewer,
  onClose,
  onOpenProfile,
  onOpenChat,
}: {
  profile: PublicProfile | null
  viewer: User
  onClose: () => void
  onOpenProfile?: (profileId: number) => void
  onOpenChat?: (profileId: number) => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const openProfile = onOpenProfile ?? ((id: number) => navigate(`/members/${id}`))
  const openChat = onOpenChat ?? ((id: number) => navigate(`/members/${id}/chat`))
  const own = viewer.profile.main_image
  return (
    <Modal
      show={profile !== null}
      onHide={onClose}
      centered
      id="match-modal"
      aria-labelledby="match-modal-title"
    >
      {profile ? (
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a click anywhere closes; the keyboard has the buttons and Esc.
        <div onClick={onClose} className="match-modal text-center p-4">
          <h2 id="match-modal-title" className="h3 match-title">
            {t('likes.match.title')}
          </h2>
          <p className="text-body-secondary">
            {t('likes.match.text', { name: profile.name })} {profile.fictional ? <FictionalBadge /> : null}
          </p>
          {profile.fictional ? <FictionalDisclosure className="small alert alert-light mb-0" /> : null}
          <div className="d-flex justify-content-center align-items-center gap-3 my-4">
            <ProfileAvatar
              name={viewer.profile.name}
              image={own?.status === 'active' ? own.match : null}
              size={96}
              className="match-photo"
            />
            <span className="match-heart" aria-hidden="true">
              ♥
            </span>
            <button
              type="button"
              className="btn p-0 border-0 rounded-circle"
              onClick={() => openProfile(profile.id)}
              aria-label={t('likes.match.openProfile', { name: profile.name })}
            >
              <ProfileAvatar
                name={profile.name}
                image={profile.main_image?.thumb_filename}
                size={96}
                className="match-photo"
                emptyClassName="d-inline-flex"
              />
            </button>
          </div>
          <div className="d-grid gap-2">
            <button type="button" className="btn btn-primary btn-lg" onClick={() => openChat(profile.id)}>
              {t('likes.match.chat', { name: profile.name })}
            </button>
            <button type="button" className="btn btn-link">
              {t('likes.match.later')}
            </button>
          </div>
        </div>
      ) : null}
    </Modal>
  )
}

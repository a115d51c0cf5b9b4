import { Link } from 'react-router'
import type { Presence, PublicProfile } from '#common/schemas/members.ts'
import { ProfileAvatar } from '../../components/profile-avatar.tsx'
import { useTranslation } from '../../i18n.ts'
import { BlockButton, FictionalBadge, PresenceBadge, ReportButton, VerifiedBadge } from '../members/index.ts'

/** The top of a conversation: back to all chats, who it is with (to their page), and blocking. */
export function ConversationHeader({
  profile,
  presence,
  blockedByMe,
  conversation,
}: {
  profile: PublicProfile
  /** The conversation, once it exists: a report from here takes its last messages. */
  conversation: number | null
  /** The partner's presence as it is now (use-partner-presence.ts). */
  presence: Presence
  blockedByMe: boolean
}) {
  const { t } = useTranslation()
  return (
    <header className="chat-header border-bottom bg-white d-flex align-items-center gap-2 p-2">
      <Link
        to="/chats"
        className="btn btn-outline-secondary btn-sm chat-back"
        aria-label={t('chat.allChats')}
      >
        <span aria-hidden="true">←</span>
        <span className="d-none d-sm-inline ms-1" aria-hidden="true">
          {t('chat.allChats')}
        </span>
      </Link>
      <Link
        to={`/members/${profile.id}`}
        className="d-flex align-items-center gap-2 text-reset text-decoration-none me-auto min-w-0"
      >
        <ProfileAvatar
          name={profile.name}
          image={profile.main_image?.thumb_filename}
          size={40}
          emptyClassName="chat-avatar"
        />
        <h1 className="h6 mb-0 text-truncate">
          <span className="visually-hidden">{t('chat.titleWith', { name: profile.name })}</span>
          <span aria-hidden="true">{profile.name}</span> {profile.fictional ? <FictionalBadge /> : null}
          {profile.verified ? <VerifiedBadge /> : null}
          <PresenceBadge presence={presence} className="d-block fw-normal" />
        </h1>
      </Link>
      <ReportButton
        profile={profile}
        conversation={conversation}
        blocked={blockedByMe}
        className="btn btn-outline-secondary btn-sm"
      />
      <BlockButton
        profileId={profile.id}
        blocked={blockedByMe}
        className="btn btn-outline-secondary btn-sm"
      />
    </header>
  )
}

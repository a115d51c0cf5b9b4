import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ChatEntry } from '#common/schemas/chat.ts'
import { CameraIcon, GiftIcon, TrashIcon } from '../../components/icons.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { ProfileAvatar } from '../../components/profile-avatar.tsx'
import { useChatsStore } from '../../features/chat/index.ts'
import { FictionalBadge } from '../../features/members/fictional-badge.tsx'
import { badgeText } from '../../lib/badge.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import { useDelayed } from '../../lib/use-delayed.ts'
import type { Route } from './+types/chats'
import { loadChats } from './chat.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadChats(context)
}

function Preview({ chat }: { chat: ChatEntry }) {
  const { t } = useTranslation()
  const last = chat.last_message
  if (!last) return <span className="fst-italic">{t('chat.noMessages')}</span>
  const icon = last.kind === 'gift' ? <GiftIcon /> : last.kind === 'photo' ? <CameraIcon /> : null
  const body = last.kind === 'text' ? last.text : t(`chat.preview.${last.kind}`)
  return (
    <>
      {last.from_me ? `${t('chat.you')}: ` : ''}
      {icon} {body}
    </>
  )
}

/** /chats: the member's conversations, newest first, with the last message and unread count. */
export default function Chats() {
  const { t, i18n } = useTranslation()
  const { chats, removeChats } = useChatsStore()
  const [confirming, setConfirming] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const loadingShown = useDelayed(chats === null)
  const when = (iso: string) => {
    const at = new Date(iso)
    const today = new Date().toDateString() === at.toDateString()
    return new Intl.DateTimeFormat(
      i18n.language,
      today ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short' },
    ).format(at)
  }
  const remove = async (chat: ChatEntry) => {
    setConfirming(null)
    setError(null)
    try {
      // Removing by profile removes every conversation with that member (spec section 4).
      const all = (chats ?? []).filter((c) => c.profile.id === chat.profile.id).map((c) => c.conversation)
      await removeChats(all)
    } catch (failure) {
      setError(apiErrorMessage(failure, t))
    }
  }
  return (
    <div className="container py-4 chats-page">
      <PageTitle title={t('chat.chatsTitle')} />
      <h1 className="h3">{t('chat.chatsTitle')}</h1>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
      {chats === null ? (
        <p aria-busy="true">{loadingShown ? t('common.loading') : null}</p>
      ) : chats.length === 0 ? (
        <div className="text-center py-5 text-body-secondary">
          <p className="lead">{t('chat.noChats')}</p>
          <Link to="/members" className="btn btn-primary">
            {t('likes.searchMembers')}
          </Link>
        </div>
      ) : (
        <ul className="list-group chat-list" aria-label={t('chat.chatsTitle')}>
          {chats.map((chat) => {
            const unread = badgeText(chat.num_unread_messages)
            return (
              <li
                key={chat.conversation}
                className="list-group-item d-flex align-items-center gap-3 position-relative"
              >
                <ProfileAvatar
                  name={chat.profile.name}
                  image={chat.profile.main_image?.thumb_filename}
                  size={48}
                  emptyClassName="chat-avatar"
                />
                <div className="flex-grow-1 min-w-0">
                  <div className="d-flex align-items-baseline gap-2">
                    <Link
                      to={`/chats/${chat.conversation}`}
                      className="stretched-link fw-semibold text-reset text-decoration-none text-truncate"
                    >
                      {chat.profile.name}
                      {unread ? (
                        <span className="visually-hidden">
                          , {t('chat.unreadCount', { count: chat.num_unread_messages })}
                        </span>
                      ) : null}
                    </Link>
                    {chat.profile.fictional ? <FictionalBadge /> : null}
                    {chat.last_message ? (
                      <small className="text-body-secondary ms-auto text-nowrap">
                        {when(chat.last_message.created_at)}
                      </small>
                    ) : null}
                  </div>
                  <p className={`mb-0 small text-truncate ${unread ? 'fw-semibold' : 'text-body-secondary'}`}>
                    <Preview chat={chat} />
                  </p>
                </div>
                {unread ? (
                  <span className="badge rounded-pill text-bg-danger" aria-hidden="true">
                    {unread}
                  </span>
                ) : null}
                <div className="chat-remove">
                  {confirming === chat.conversation ? (
                    <span className="d-flex gap-1">
                      <button
                        type="button"
                        className="btn btn-danger btn-sm"
                        onClick={() => void remove(chat)}
                      >
                        {t('chat.removeConfirm')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline-secondary btn-sm"
                        onClick={() => setConfirming(null)}
                      >
                        {t('chat.removeCancel')}
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      onClick={() => setConfirming(chat.conversation)}
                      aria-label={t('chat.remove', { name: chat.profile.name })}
                      title={t('chat.remove', { name: chat.profile.name })}
                    >
                      <TrashIcon />
                    </button>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}

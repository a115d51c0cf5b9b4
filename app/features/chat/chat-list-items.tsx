import { useState } from 'react'
import { Link } from 'react-router'
import type { ChatEntry } from '#common/schemas/chat.ts'
import { waitedFor, yourTurnFirst } from '#common/your-turn.ts'
import { TrashIcon } from '../../components/icons.tsx'
import { ProfileAvatar } from '../../components/profile-avatar.tsx'
import { useTranslation } from '../../i18n.ts'
import { badgeText } from '../../lib/badge.ts'
import { apiErrorMessage } from '../../lib/form-errors.ts'
import { FictionalBadge, FictionalListNote, VerifiedBadge } from '../members/index.ts'
import { useChatsStore } from './chats-store.tsx'
import { KIND_VIEWS } from './message-kinds.tsx'
import { useChatTime } from './use-chat-time.ts'

function Preview({ chat }: { chat: ChatEntry }) {
  const { t } = useTranslation()
  const last = chat.last_message
  if (!last) return <span className="fst-italic">{t('chat.noMessages')}</span>
  const { icon, preview } = KIND_VIEWS[last.kind]
  const body = preview(t, last)
  return (
    <>
      {last.from_me ? t('chat.saidBy', { name: t('chat.you') }) : ''}
      {icon} {body}
    </>
  )
}

/** "Your turn", and how long the partner has waited for the member's answer (issue 61, point 4). */
function YourTurn({ since }: { since: string }) {
  const { t } = useTranslation()
  const waited = waitedFor(since, new Date())
  return (
    <p
      className="mb-0 small text-warning-emphasis text-truncate"
      data-testid="your-turn"
      title={t(`yourTurn.waited_${waited.unit}`, { count: waited.count })}
    >
      <span className="fw-semibold">{t('yourTurn.listTitle')}</span> ·{' '}
      {t(`yourTurn.short_${waited.unit}`, { count: waited.count })}
    </p>
  )
}

/**
 * The member's conversations, their turn first (the longest wait first), then the newest, with the
 * last message and the unread count: the whole of
 * /chats, and the left pane beside an open conversation on a wide screen (`active` marks it; the
 * pane leaves removing to /chats).
 */
export function ChatListItems({ chats, active }: { chats: ChatEntry[]; active?: number }) {
  const { t } = useTranslation()
  const { removeChats, removeFailure } = useChatsStore()
  const [confirming, setConfirming] = useState<number | null>(null)
  const error = removeFailure ? apiErrorMessage(removeFailure, t) : null
  const pane = active !== undefined
  const chatTime = useChatTime()
  const when = (iso: string) => chatTime('list', iso)
  const remove = async (chat: ChatEntry) => {
    setConfirming(null)
    // Removing by profile removes every conversation with that member (spec section 4).
    const all = chats.filter((c) => c.profile.id === chat.profile.id).map((c) => c.conversation)
    await removeChats(all)
  }
  return (
    <>
      {error ? (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      ) : null}
      <ul
        className={`list-group chat-list ${pane ? 'list-group-flush' : ''}`}
        aria-label={t('chat.chatsTitle')}
      >
        {yourTurnFirst(chats).map((chat) => {
          const unread = badgeText(chat.num_unread_messages)
          const current = chat.conversation === active
          return (
            <li
              key={chat.conversation}
              className={`list-group-item d-flex align-items-center gap-3 position-relative ${current ? 'chat-current' : ''}`}
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
                    aria-current={current ? 'page' : undefined}
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
                  {chat.profile.verified ? <VerifiedBadge /> : null}
                  {chat.last_message ? (
                    <small className="text-body-secondary ms-auto text-nowrap">
                      {when(chat.last_message.created_at)}
                    </small>
                  ) : null}
                </div>
                <p
                  className={`mb-0 small text-truncate ${unread ? 'fw-semibold' : 'text-body-secondary'}`}
                  data-testid="chat-preview"
                >
                  <Preview chat={chat} />
                </p>
                {chat.turn_since ? <YourTurn since={chat.turn_since} /> : null}
              </div>
              {unread ? (
                <span className="badge rounded-pill text-bg-danger" aria-hidden="true">
                  {unread}
                </span>
              ) : null}
              {pane ? null : (
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
              )}
            </li>
          )
        })}
      </ul>
      <FictionalListNote profiles={chats.map((c) => c.profile)} />
    </>
  )
}

import { Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { ChatListItems, useChatsStore } from '../../features/chat/index.ts'
import { useTranslation } from '../../i18n.ts'
import { useDelayed } from '../../lib/use-delayed.ts'
import type { Route } from './+types/chats'
import { loadChats } from './chat.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadChats(context)
}

/** /chats: the member's conversations, newest first, with the last message and unread count. */
export default function Chats() {
  const { t } = useTranslation()
  const { chats } = useChatsStore()
  const loadingShown = useDelayed(chats === null)
  return (
    <div className="container py-4 chats-page">
      <PageTitle title={t('chat.chatsTitle')} />
      <h1 className="h3">{t('chat.chatsTitle')}</h1>
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
        <ChatListItems chats={chats} />
      )}
    </div>
  )
}

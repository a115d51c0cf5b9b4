import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../i18n.ts'
import { HydrateLater } from '../../lib/hydration.ts'
import { useDelayed } from '../../lib/use-delayed.ts'
import { ChatListItems } from './chat-list-items.tsx'
import { useChatsStore } from './chats-store.tsx'

/**
 * A conversation as a messenger shows it (issue 18): on a wide screen the conversations on the left
 * and the open one on the right; on a phone the conversation alone, its header's back arrow leading
 * to the list.
 */
export function ChatSplit({ active, children }: { active: number | null; children: ReactNode }) {
  return (
    <div className="chat-split">
      {/* Beside the conversation on a wide screen, hidden on a phone: hydrated after it. */}
      <HydrateLater>
        <ChatPane active={active} />
      </HydrateLater>
      <div className="chat-pane-main">{children}</div>
    </div>
  )
}

/** The conversations, for the left pane; before the first, a line saying what will be there. */
function ChatPane({ active }: { active: number | null }) {
  const { t } = useTranslation()
  const { chats } = useChatsStore()
  const loadingShown = useDelayed(chats === null)
  return (
    <aside className="chat-pane-list" aria-labelledby="chat-pane-title">
      <div className="chat-pane-head d-flex align-items-center gap-2 px-3 border-bottom">
        <Link to="/members" className="btn btn-outline-secondary btn-sm" aria-label={t('chat.toSearch')}>
          <span aria-hidden="true">←</span>
        </Link>
        <h2 id="chat-pane-title" className="h6 mb-0">
          {t('chat.chatsTitle')}
        </h2>
      </div>
      <div className="chat-pane-scroll">
        {chats === null ? (
          <p className="p-3 small text-body-secondary" aria-busy="true">
            {loadingShown ? t('common.loading') : null}
          </p>
        ) : chats.length === 0 ? (
          <p className="p-3 small text-body-secondary" data-testid="chat-pane-empty">
            {t('chat.paneEmpty')}
          </p>
        ) : (
          <ChatListItems chats={chats} active={active ?? 0} />
        )}
      </div>
    </aside>
  )
}

import { PageTitle } from '../../components/page-title.tsx'
import { Conversation } from '../../features/chat/conversation.tsx'
import { ChatSplit } from '../../features/chat/index.ts'
import { useTranslation } from '../../i18n.ts'
import type { Route } from './+types/conversation'
import { loadConversation, readFictionalReminder } from './chat.server.ts'

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadConversation(context, params.id)
}

export async function action({ context, params }: Route.ActionArgs) {
  return readFictionalReminder(context, params.id)
}

/** /chats/{id}: a conversation, in the Chat layout. */
export default function ConversationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <PageTitle title={t('chat.titleWith', { name: loaderData.profile.name })} />
      <ChatSplit active={loaderData.conversation}>
        <Conversation
          key={loaderData.conversation}
          conversation={loaderData.conversation}
          profile={loaderData.profile}
          initial={loaderData.messages}
          times={loaderData.times}
          blockedByMe={loaderData.blocked_by_me}
          nextMessageFree={loaderData.next_message_free}
          showExplicit={loaderData.show_explicit}
          fictionalSpend={loaderData.fictionalSpend}
          purchaseBreakUntil={loaderData.purchaseBreakUntil}
          closed={loaderData.closed}
        />
      </ChatSplit>
    </>
  )
}

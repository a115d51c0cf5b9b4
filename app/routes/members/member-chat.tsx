import { Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { Conversation } from '../../features/chat/conversation.tsx'
import { ChatSplit } from '../../features/chat/index.ts'
import { ProfileSummary } from '../../features/members/profile-summary.tsx'
import { useTranslation } from '../../i18n.ts'
import { loadMemberChat } from '../chat/chat.server.ts'
import type { Route } from './+types/member-chat'

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadMemberChat(context, params.id, request)
}

/**
 * Chat with a member (the Chat layout): a visitor is asked to log in or sign up first (spec section
 * 6); a member starts the conversation here (an existing one opens at /chats/{id}).
 */
export default function MemberChat({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { profile } = loaderData
  if (loaderData.mode === 'new') {
    return (
      <>
        <PageTitle title={t('chat.titleWith', { name: profile.name })} />
        <ChatSplit active={null}>
          <Conversation
            conversation={null}
            profile={profile}
            initial={null}
            blockedByMe={loaderData.blockedByMe}
            nextMessageFree={loaderData.nextMessageFree}
            showExplicit={false}
            purchaseBreakUntil={loaderData.purchaseBreakUntil}
            starters={{ moves: loaderData.profile.opening_moves, source: loaderData.profile }}
          />
        </ChatSplit>
      </>
    )
  }
  return (
    <div className="chat-page d-flex flex-column min-vh-100">
      <PageTitle title={t('chat.titleWith', { name: profile.name })} />
      <header className="chat-header border-bottom bg-white d-flex align-items-center gap-2 p-2">
        <Link to={`/members/${profile.id}/landing`} className="btn btn-outline-secondary btn-sm">
          <span aria-hidden="true">← </span>
          {t('chat.back')}
        </Link>
        <h1 className="visually-hidden">{t('chat.titleWith', { name: profile.name })}</h1>
        <ProfileSummary profile={profile} size="small" />
      </header>
      <section className="flex-grow-1 d-flex align-items-center justify-content-center p-4 bg-light">
        <div className="text-center" style={{ maxWidth: 420 }}>
          <p className="lead">{t('chat.loginToChat', { name: profile.name })}</p>
          <div className="d-flex flex-wrap gap-2 justify-content-center">
            <Link to="/signup" className="btn btn-primary">
              {t('home.cta')}
            </Link>
            <Link to="/login" className="btn btn-outline-primary">
              {t('nav.login')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  )
}

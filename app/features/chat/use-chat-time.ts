import { type ChatTimeKind, type ChatTimeLabels, chatTime, chatTimeKey } from '#common/chat-times.ts'
import { regionalLocale } from '#common/intl.ts'
import { useTranslation } from '../../i18n.ts'
import { useMember } from '../../lib/member.tsx'
import { useRootData } from '../../lib/use-root-data.ts'
import { useChatsStore } from './chats-store.tsx'

/** What labels a message's moment on a chat page. */
type ChatTime = (kind: ChatTimeKind, iso: string) => string

/**
 * Message times in the page's language: the labels the server made with the data (the chats'
 * with the chat list, a conversation's `times`) while they apply, so that a chat page hydrates without
 * an Intl date format (common/chat-times.ts); any other, and in any other language, formatted here
 * in the browser's own time zone.
 */
export function useChatTime(labels?: ChatTimeLabels | null): ChatTime {
  const { i18n } = useTranslation()
  const root = useRootData()
  const { times } = useChatsStore()
  const language = i18n.language
  const { user } = useMember()
  const served = language === root.locale
  return (kind, iso) => {
    const key = chatTimeKey(kind, iso)
    return (
      (served ? (labels?.[key] ?? times?.[key]) : undefined) ??
      chatTime(kind, iso, regionalLocale(language, user?.profile.country), new Date())
    )
  }
}

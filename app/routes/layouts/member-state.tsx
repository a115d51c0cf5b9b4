import type { ReactNode } from 'react'
import { CallProvider } from '../../features/calls/index.ts'
import { ChatsProvider, useChatsStore } from '../../features/chat/index.ts'
import { LikesProvider, useLikesStore } from '../../features/likes/index.ts'
import { AttentionContext, useAppBadge } from '../../lib/attention.ts'
import { MemberProvider } from '../../lib/member.tsx'
import { MemberConnectionProvider } from '../../lib/member-connection.tsx'
import { useRootData } from '../../lib/use-root-data.ts'

/**
 * The logged-in member's state, one owner per concern: the connection (socket and refresh cycle,
 * app/lib), the member and credits (app/lib), the chats and the likes (their features), and the
 * attention count both make (tab title and app badge). A visitor gets the empty stores.
 */
export function MemberState({ children }: { children: ReactNode }) {
  const root = useRootData()
  const userId = root.user?.id ?? null
  return (
    <MemberConnectionProvider userId={userId}>
      <MemberProvider initial={root.user} zoneOffset={root.timeZoneOffset}>
        <ChatsProvider userId={userId} myProfileId={root.user?.profile.id ?? null}>
          <LikesProvider userId={userId}>
            <Attention>
              <CallProvider>{children}</CallProvider>
            </Attention>
          </LikesProvider>
        </ChatsProvider>
      </MemberProvider>
    </MemberConnectionProvider>
  )
}

/** Unread messages plus new likes: the tab title prefix and the app badge (spec section 2). */
function Attention({ children }: { children: ReactNode }) {
  const { unread } = useChatsStore()
  const { newLikes } = useLikesStore()
  const attention = unread + newLikes
  useAppBadge(attention)
  return <AttentionContext.Provider value={attention}>{children}</AttentionContext.Provider>
}

import { useEffect } from 'react'
import { useFrames } from '../../lib/member-connection.tsx'
import { useChatsStore } from './chats-store.tsx'

/**
 * A conversation page opened before its conversation exists (both members pressed "Send a message"
 * right after a match) learns the conversation as soon as it starts, whoever starts it: from the
 * partner's first message or typing on the socket, or from the member's chats when a frame was
 * missed or the member wrote from another tab. The page stays where it is (the composer keeps what
 * the member is typing); the message list then catches up on the whole conversation.
 */
export function useFirstContact(
  conversation: number | null,
  partnerProfileId: number,
  setConversation: (conversation: number) => void,
) {
  const { chats } = useChatsStore()
  useFrames((frame) => {
    if (conversation !== null) return
    if (frame.type === 'message.created' && frame.message.profile === partnerProfileId) {
      setConversation(frame.conversation)
    } else if (frame.type === 'chat.typing' && frame.profileId === partnerProfileId) {
      setConversation(frame.conversation)
    }
  })
  const known =
    conversation === null
      ? chats?.find((chat) => chat.profile.id === partnerProfileId)?.conversation
      : undefined
  useEffect(() => {
    if (known !== undefined) setConversation(known)
  }, [known, setConversation])
}

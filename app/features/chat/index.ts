// What the layouts and pages use of chat: the member's chats store and the list of conversations.
export { ChatListItems } from './chat-list-items.tsx'
export { ChatSplit } from './chat-split.tsx'
export { ChatsProvider, useChatsStore } from './chats-store.tsx'
export type { MemberChats } from './use-chats.ts'

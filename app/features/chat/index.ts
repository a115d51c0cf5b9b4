// What the layouts use of chat: the member's chats store.
export { ChatsProvider, useChatsStore } from './chats-store.tsx'

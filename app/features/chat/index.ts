// What the layouts and pages use of chat: the member's chats store, the list of conversations, and
// the voice recorder and player (a profile's voice prompt records and plays as a voice note does).
export { ChatListItems } from './chat-list-items.tsx'
export { ChatSplit } from './chat-split.tsx'
export { ChatsProvider, useChatsStore } from './chats-store.tsx'
export type { MemberChats } from './use-chats.ts'
export { clockTime, VoicePlayer, VoiceRecorder } from './voice-note.tsx'

import type { ChatEntry, Message } from '#common/schemas/chat.ts'

/** The chats after a new message: the chat moves to the top; null when the chat is not listed yet. */
export function chatsAfterMessage(
  chats: ChatEntry[],
  message: Message,
  opts: { mine: boolean; open: boolean },
): ChatEntry[] | null {
  const entry = chats.find((c) => c.conversation === message.conversation)
  if (!entry) return null
  const updated: ChatEntry = {
    ...entry,
    last_message: {
      kind: message.kind,
      text: message.text,
      seconds: message.voice?.seconds ?? null,
      from_me: opts.mine,
      created_at: message.created_at,
      closing: message.closing,
    },
    // Whose turn (issue 61): a real partner's message starts the member's wait; theirs, or a close, ends it.
    turn_since:
      opts.mine || message.closing || entry.profile.fictional
        ? null
        : (entry.turn_since ?? message.created_at),
    num_unread_messages: opts.mine || opts.open ? entry.num_unread_messages : entry.num_unread_messages + 1,
  }
  return [updated, ...chats.filter((c) => c !== entry)]
}

export function chatsWithUnread(chats: ChatEntry[], conversation: number, unread: number): ChatEntry[] {
  return chats.map((c) => (c.conversation === conversation ? { ...c, num_unread_messages: unread } : c))
}

export function chatsWithPartnerRead(
  chats: ChatEntry[],
  conversation: number,
  lastRead: number,
): ChatEntry[] {
  return chats.map((c) =>
    c.conversation === conversation
      ? { ...c, partner_last_read: Math.max(c.partner_last_read, lastRead) }
      : c,
  )
}

export function chatsWithout(chats: ChatEntry[], conversations: ReadonlySet<number>): ChatEntry[] {
  return chats.filter((c) => !conversations.has(c.conversation))
}

export function unreadTotal(chats: ChatEntry[]): number {
  return chats.reduce((sum, c) => sum + c.num_unread_messages, 0)
}

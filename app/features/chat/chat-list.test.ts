import { describe, expect, it } from 'vitest'
import type { ChatEntry, Message } from '#common/schemas/chat.ts'
import {
  chatsAfterMessage,
  chatsWithout,
  chatsWithPartnerRead,
  chatsWithUnread,
  unreadTotal,
} from './chat-list.ts'

const profile = (id: number) => ({
  id,
  name: `P${id}`,
  age: 30,
  gender: 'female',
  city: null,
  region: null,
  region_code: null,
  country: 'NL',
  fictional: false,
  verified: false,
  verified_only: false,
  new_here: false,
  main_image: null,
  presence: null,
})
const chat = (conversation: number, unread: number): ChatEntry => ({
  conversation,
  profile: profile(conversation * 10),
  num_unread_messages: unread,
  last_message: null,
  partner_last_read: 0,
  turn_since: null,
})
const message = (conversation: number, text: string): Message => ({
  id: 99,
  conversation,
  profile: conversation * 10,
  kind: 'text',
  text,
  gift: null,
  photo: null,
  move: null,
  closing: false,
  voice: null,
  client_id: 'abcdefgh',
  created_at: '2026-11-22T10:00:00.000Z',
  flags: [],
})

describe('the chats list in the browser', () => {
  it('moves a chat with a new message to the top and counts it unread unless it is open or mine', () => {
    const chats = [chat(1, 0), chat(2, 3)]
    const after = chatsAfterMessage(chats, message(2, 'Hi'), { mine: false, open: false })
    expect(after?.map((c) => [c.conversation, c.num_unread_messages])).toEqual([
      [2, 4],
      [1, 0],
    ])
    expect(after?.[0].last_message).toMatchObject({ text: 'Hi', from_me: false })
    expect(
      chatsAfterMessage(chats, message(2, 'Hi'), { mine: false, open: true })?.[0].num_unread_messages,
    ).toBe(3)
    expect(
      chatsAfterMessage(chats, message(2, 'Hi'), { mine: true, open: false })?.[0].num_unread_messages,
    ).toBe(3)
    expect(chatsAfterMessage(chats, message(7, 'New'), { mine: false, open: false })).toBeNull()
  })

  it('keeps whose turn it is: a partner’s message starts the wait, the member’s own ends it', () => {
    const chats = [chat(1, 0), chat(2, 0)]
    const theirs = chatsAfterMessage(chats, message(2, 'Hi'), { mine: false, open: false })
    expect(theirs?.[0].turn_since).toBe('2026-11-22T10:00:00.000Z')
    // A second message of theirs does not restart it.
    const later = { ...message(2, 'Still there?'), created_at: '2026-11-23T10:00:00.000Z' }
    const again = chatsAfterMessage(theirs ?? [], later, { mine: false, open: false })
    expect(again?.[0].turn_since).toBe('2026-11-22T10:00:00.000Z')
    expect(
      chatsAfterMessage(again ?? [], message(2, 'Sorry!'), { mine: true, open: true })?.[0].turn_since,
    ).toBeNull()
    // A closing message ends the wait whoever sends it.
    const closing = { ...message(1, 'Thanks for the chat'), closing: true }
    expect(chatsAfterMessage(chats, closing, { mine: false, open: false })?.[0].turn_since).toBeNull()
  })

  // spec: DATA-6
  it('sets unread counts and read marks, removes chats and sums the unread total', () => {
    const chats = [chat(1, 2), chat(2, 5)]
    expect(unreadTotal(chats)).toBe(7)
    expect(unreadTotal(chatsWithUnread(chats, 2, 0))).toBe(2)
    expect(chatsWithPartnerRead(chats, 1, 40)[0].partner_last_read).toBe(40)
    expect(chatsWithPartnerRead(chatsWithPartnerRead(chats, 1, 40), 1, 30)[0].partner_last_read).toBe(40)
    expect(chatsWithout(chats, new Set([1])).map((c) => c.conversation)).toEqual([2])
  })
})

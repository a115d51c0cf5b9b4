import { describe, expect, it } from 'vitest'
import type { Message, MessagesResponse } from '#common/schemas/chat.ts'
import { fetchSince, merge } from './use-message-list.ts'

const message = (id: number): Message => ({
  id,
  conversation: 7,
  profile: 2,
  kind: 'text',
  text: `m${id}`,
  gift: null,
  photo: null,
  move: null,
  closing: false,
  voice: null,
  client_id: `c${id}`,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(),
  flags: [],
})

/** The server's answer to `after`: messages 1…last, pages of `size`, oldest first. */
function server(last: number, size = 30) {
  const calls: number[] = []
  const fetchPage = async (after: number): Promise<MessagesResponse> => {
    calls.push(after)
    const ids = Array.from({ length: last }, (_, i) => i + 1).filter((id) => id > after)
    return {
      messages: ids.slice(0, size).map(message),
      has_more: ids.length > size,
      older_hidden: false,
      partner_last_read: 0,
    }
  }
  return { calls, fetchPage }
}

describe('catching up on the open conversation', () => {
  it('finds a message lost on its way although a later one came live', async () => {
    // Fetched up to 3; 4 was lost (Redis down, a node gone), 5 came live.
    let shown = merge([], [1, 2, 3, 5].map(message))
    const mark = { current: 3 }
    const { calls, fetchPage } = server(5)
    await fetchSince(mark, fetchPage, (page) => {
      shown = merge(shown, page.messages)
    })
    expect(calls).toEqual([3])
    expect(shown.map((m) => m.id)).toEqual([1, 2, 3, 4, 5])
    expect(mark.current).toBe(5)
  })

  it('comes page by page from far behind, five pages at a time', async () => {
    const mark = { current: 0 }
    const { calls, fetchPage } = server(200, 30)
    let taken = 0
    const take = (page: MessagesResponse) => {
      taken += page.messages.length
    }
    await fetchSince(mark, fetchPage, take)
    expect(calls).toEqual([0, 30, 60, 90, 120])
    expect(mark.current).toBe(150)
    // The next tick goes on from there.
    await fetchSince(mark, fetchPage, take)
    expect(calls.slice(5)).toEqual([150, 180])
    expect(taken).toBe(200)
  })
})

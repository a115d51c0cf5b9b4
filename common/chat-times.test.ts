import { describe, expect, it } from 'vitest'
import { chatTime, chatTimeKey, chatTimeLabels } from './chat-times.ts'
import { regionalLocale } from './intl.ts'

describe('chat times', () => {
  // 22:30 UTC on 24 November is 11:30 the next morning in Auckland (UTC+13 in summer).
  const iso = '2026-11-24T22:30:00.000Z'

  it('tells the time in the member’s zone, and a day line in their language', () => {
    expect(chatTime('time', iso, 'fr', new Date(iso), 'Pacific/Auckland')).toBe('11:30')
    expect(chatTime('time', iso, 'fr', new Date(iso), 'UTC')).toBe('22:30')
    expect(chatTime('day', iso, 'fr', new Date(iso), 'Pacific/Auckland')).toBe('mercredi 25 novembre')
    expect(chatTime('day', iso, 'en', new Date(iso), 'UTC')).toBe('Tuesday, November 24')
  })

  it('writes the time as the member’s country does: 24-hour in Britain and France, 12-hour in the US (issue 56)', () => {
    const at = (language: string, country: string | null) =>
      chatTime('time', iso, regionalLocale(language, country), new Date(iso), 'UTC')
    expect(at('en', 'GB')).toBe('22:30')
    expect(at('en', 'FR')).toBe('22:30')
    expect(at('fr', 'FR')).toBe('22:30')
    expect(at('fr', 'BE')).toBe('22:30')
    expect(at('en', 'US')).toBe('10:30 PM')
    expect(regionalLocale('en', null)).toBe('en')
    expect(regionalLocale('en', 'gb; drop')).toBe('en')
  })

  it('lists today’s chats by their time and older ones by their date, today as the member’s zone has it', () => {
    const now = new Date('2026-11-25T09:00:00.000Z')
    // In UTC the message was yesterday; in Auckland (21:00 on the 25th there) it was today.
    expect(chatTime('list', iso, 'en', now, 'UTC')).toBe('Nov 24')
    expect(chatTime('list', iso, 'en', now, 'Pacific/Auckland')).toBe('11:30 AM')
  })

  it('makes one label per kind and moment, which the browser finds by the same key', () => {
    const labels = chatTimeLabels(
      [
        ['time', iso],
        ['day', iso],
      ],
      'en',
      new Date(iso),
      'Europe/Paris',
    )
    expect(labels).toEqual({
      [chatTimeKey('time', iso)]: '11:30 PM',
      [chatTimeKey('day', iso)]: 'Tuesday, November 24',
    })
  })

  it('formats in the runtime’s own zone when none is given, as the browser does', () => {
    const own = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso))
    expect(chatTime('time', iso, 'en', new Date(iso))).toBe(own)
  })
})

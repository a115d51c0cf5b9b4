import { describe, expect, it } from 'vitest'
import { creditPrices } from './credit-value.ts'
import {
  eachKind,
  KIND_PRICE_DEFAULTS,
  KIND_PRICE_SETTINGS,
  kindCredits,
  MESSAGE_KIND_NAMES,
  MESSAGE_KINDS,
  NO_KIND_FIELDS,
  staffWords,
} from './message-kinds.ts'
import { Message } from './schemas/message.ts'
import { SiteSettings } from './schemas/sites.ts'

const prices = { message_credits: 10, gift_credits: 30, photo_credits: 20, voice_credits: 15 }

describe('the kinds of message', () => {
  it('each cost their own setting in credits, a setting the sites hold', () => {
    expect(eachKind((kind) => kindCredits(prices, kind))).toEqual({
      text: 10,
      gift: 30,
      photo: 20,
      voice: 15,
    })
    for (const setting of KIND_PRICE_SETTINGS) expect(SiteSettings.shape).toHaveProperty(setting)
    expect(MESSAGE_KIND_NAMES).toEqual(['text', 'gift', 'photo', 'voice'])
  })

  it('each hold what they send in a message field of their name, null in any other message', () => {
    expect(NO_KIND_FIELDS).toEqual({ gift: null, photo: null, voice: null })
    for (const kind of Object.keys(NO_KIND_FIELDS)) expect(Message.shape).toHaveProperty(kind)
  })

  it('start at their table’s price on a site that has not set it, and keep a site’s own', () => {
    for (const kind of MESSAGE_KIND_NAMES) {
      const setting = SiteSettings.shape[MESSAGE_KINDS[kind].price]
      expect(setting.parse(undefined)).toBe(MESSAGE_KINDS[kind].credits)
      expect(setting.parse(7)).toBe(7)
      expect(setting.safeParse(-1).success).toBe(false)
    }
    expect(KIND_PRICE_DEFAULTS).toEqual({
      message_credits: 10,
      gift_credits: 30,
      photo_credits: 20,
      voice_credits: 15,
    })
  })

  it('show each price’s money from the one rule, kind by kind', () => {
    const value = { credits: 100, amount: 1000, currency: 'EUR' }
    expect(creditPrices(value, prices, 'en')).toEqual({
      text: '€1.00',
      gift: '€3.00',
      photo: '€2.00',
      voice: '€1.50',
    })
  })

  it('say in the staff’s views the words, or a gift’s key', () => {
    expect(staffWords('text', 'Hello', null)).toBe('Hello')
    expect(staffWords('gift', 'with love', { gift: 'rose' })).toBe('rose')
    expect(staffWords('photo', 'me at the beach', null)).toBe('me at the beach')
    expect(staffWords('photo', null, null)).toBe('')
  })
})

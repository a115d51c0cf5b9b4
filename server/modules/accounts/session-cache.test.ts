import { describe, expect, it } from 'vitest'
import { SERVER_NODES } from '#server/lib/events.ts'
import { createSessionCache, SESSION_KEEP_MS } from './session-cache.ts'

const member = (userId: number) => ({ userId, siteId: 1 })

function cacheAt(start = Date.UTC(2026, 10, 30, 12)) {
  let at = start
  const cache = createSessionCache(() => new Date(at))
  return { cache, pass: (ms: number) => (at += ms) }
}

describe('sessions kept by a node (ADR 39)', () => {
  it('answers a session from memory until the keeping time has passed, by the injected clock', () => {
    const { cache, pass } = cacheAt()
    cache.keep('a', member(1), cache.begin())
    expect(cache.get('a')).toEqual(member(1))
    pass(SESSION_KEEP_MS - 1)
    expect(cache.get('a')).toEqual(member(1))
    pass(1)
    expect(cache.get('a')).toBeUndefined()
  })

  it('does not answer from a moment the clock has gone back before', () => {
    const { cache, pass } = cacheAt()
    cache.keep('a', member(1), cache.begin())
    pass(-1)
    expect(cache.get('a')).toBeUndefined()
  })

  it('forgets every session of a member whose sessions ended, and only theirs', () => {
    const { cache } = cacheAt()
    cache.keep('a', member(1), cache.begin())
    cache.keep('b', member(1), cache.begin())
    cache.keep('c', member(2), cache.begin())
    cache.heard({ type: 'sessions.ended', userId: SERVER_NODES, member: 1 })
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('c')).toEqual(member(2))
  })

  it('hears only the ends of members’ sessions: a staff member’s or other events forget no one', () => {
    const { cache } = cacheAt()
    cache.keep('a', member(1), cache.begin())
    cache.heard({ type: 'sessions.ended', userId: SERVER_NODES, staff: 1 })
    cache.heard({ type: 'credits.changed', userId: 1, credits: 10 })
    expect(cache.get('a')).toEqual(member(1))
  })

  it('does not keep what a read found when the member was forgotten while it ran', () => {
    const { cache } = cacheAt()
    const begun = cache.begin()
    cache.forget(1)
    cache.keep('a', member(1), begun)
    expect(cache.get('a')).toBeUndefined()
    // A read begun after it is kept.
    cache.keep('a', member(1), cache.begin())
    expect(cache.get('a')).toEqual(member(1))
  })
})

import { describe, expect, it } from 'vitest'
import { isMembersArea } from './members-area.ts'

describe('the members area', () => {
  // spec: LAYOUT-2
  it('is members, chats, likes, a member’s likes page and Premium, and nothing else', () => {
    for (const path of [
      '/members',
      '/members/12',
      '/chats',
      '/chats/3',
      '/likes',
      '/likes/m/12',
      '/premium',
    ]) {
      expect(isMembersArea(path), path).toBe(true)
    }
    for (const path of ['/', '/profile', '/credits', '/pricing', '/membership', '/likesx', '/pages/terms']) {
      expect(isMembersArea(path), path).toBe(false)
    }
  })
})

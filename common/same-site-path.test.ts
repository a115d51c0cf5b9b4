import { describe, expect, it } from 'vitest'
import { isSameSitePath, sameSitePath } from './same-site-path.ts'

describe('sameSitePath', () => {
  it('keeps the paths of this site, with their query and fragment', () => {
    for (const path of ['/', '/members', '/chats/12?x=1#end', '/lang-config?back=%2Fmembers', '/a//b'])
      expect(sameSitePath(path)).toBe(path)
  })

  it('refuses every form a browser reads as another site (issue 36, point 5)', () => {
    for (const path of [
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/%5Cevil.example'.replace('%5C', '\\'),
      'https://evil.example',
      'javascript:alert(1)',
      'evil.example',
      '',
      ' /members',
      '/\u0000x',
    ]) {
      expect(sameSitePath(path), JSON.stringify(path)).toBe('/')
      expect(isSameSitePath(path)).toBe(false)
    }
    expect(sameSitePath(42)).toBe('/')
    expect(sameSitePath('//x', '/members')).toBe('/members')
  })

  it('gives back a path a Location header can carry: percent-encoded above U+007E (issue 55, point 6)', () => {
    expect(sameSitePath('/\u3002x')).toBe('/%E3%80%82x')
    expect(sameSitePath('/members?q=caf\u00e9\u2028#\u2029')).toBe('/members?q=caf%C3%A9%E2%80%A8#%E2%80%A9')
    for (const path of ['/\u3002x', '/a\u2028b', '/\u00ff', '/x?y=\u{1F600}'])
      expect(sameSitePath(path)).toMatch(/^[\x21-\x7e]+$/)
  })
})

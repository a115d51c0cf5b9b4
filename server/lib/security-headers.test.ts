import { describe, expect, it } from 'vitest'
import { securityHeaderSets } from './security-headers.ts'

describe('security headers', () => {
  it('puts a page’s nonce into its policy, which lets nothing else run', () => {
    const sets = securityHeaderSets({ production: true, https: false })
    const policy = sets.page('n0nce', '/')['content-security-policy']
    expect(policy).toContain("script-src 'self' 'nonce-n0nce';")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("object-src 'none'")
    expect(policy).not.toContain('upgrade-insecure-requests')
    expect(sets.page('other', '/')['content-security-policy']).toContain("'nonce-other'")
    expect(sets.page('x', '/')['strict-transport-security']).toBeUndefined()
  })

  it('over https: HSTS on every answer and insecure requests upgraded', () => {
    const sets = securityHeaderSets({ production: true, https: true })
    expect(sets.page('n', '/')['content-security-policy']).toMatch(/;upgrade-insecure-requests$/)
    for (const headers of [sets.page('n', '/'), sets.api, sets.file])
      expect(headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains')
  })

  it('leaves the policy out of development pages (Vite injects inline scripts), not out of the API', () => {
    const sets = securityHeaderSets({ production: false, https: false })
    expect(sets.page('n', '/')['content-security-policy']).toBeUndefined()
    expect(sets.page('n', '/')['x-frame-options']).toBe('DENY')
    expect(sets.api['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'")
  })

  it('gives a built file or an image only what applies to it', () => {
    const { file } = securityHeaderSets({ production: true, https: false })
    expect(file).toEqual({
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    })
  })
})

import { describe, expect, it } from 'vitest'
import { escapeHtml } from './escape-html.ts'

describe('escapeHtml', () => {
  it('escapes the five characters that matter in HTML', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/a&#62;',
    )
  })
})

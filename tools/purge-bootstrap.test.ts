import { describe, expect, it } from 'vitest'
import { purgeBootstrap } from './purge-bootstrap.ts'

describe('purgeBootstrap', () => {
  it('keeps what the pages use, the names they build and the elements, and drops the rest', async () => {
    const css = await purgeBootstrap()
    // Written whole in the sources.
    for (const used of [
      '.btn-primary',
      '.form-control',
      '.text-bg-danger',
      '.visually-hidden',
      '.modal-dialog',
    ])
      expect(css).toContain(used)
    // Built from parts (text-${kind}-emphasis, modal-${size}).
    for (const built of ['.text-danger-emphasis', '.text-success-emphasis', '.modal-lg'])
      expect(css).toContain(built)
    // Elements a content page's markdown may render.
    for (const element of ['hr{', 'blockquote{', 'abbr[title]']) expect(css).toContain(element)
    // Components no page has.
    for (const unused of ['.carousel', '.accordion', '.offcanvas', '.popover', '.breadcrumb'])
      expect(css).not.toContain(unused)
    expect(css.length).toBeLessThan(120_000)
  })
})

import { createContext, useContext } from 'react'
import { STYLES_COOKIE } from '#common/constants.ts'

/** The stylesheets' text by address and the version naming them, when the page carries them inline. */
export interface InlineStylesheets {
  texts: ReadonlyMap<string, string>
  version: string
}

/** Given by the server's render on a first visit (app/entry.server.tsx); null everywhere else. */
export const InlineStylesContext = createContext<InlineStylesheets | null>(null)

/**
 * The page's stylesheets (ADR 21): inline on a first visit, so that a phone paints without waiting
 * for them (on a slow network each is a round trip that blocks the first paint); linked once the
 * browser holds them in its cache (cacheInlineStyles below).
 */
export function PageStyles({ hrefs, nonce }: { hrefs: string[]; nonce?: string }) {
  const inline = useContext(InlineStylesContext)
  return hrefs.map((href) => {
    const css = inline?.texts.get(href)
    return css === undefined ? (
      <link key={href} rel="stylesheet" href={href} nonce={nonce} />
    ) : (
      <style
        key={href}
        nonce={nonce}
        data-href={href}
        data-version={inline?.version}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, read by the server
        dangerouslySetInnerHTML={{ __html: css }}
      />
    )
  })
}

/**
 * After a page with inline stylesheets: fetches their files into the cache at the lowest priority,
 * then says so in a cookie, so that the next pages link them instead of carrying them again.
 */
export function cacheInlineStyles(doc: Document) {
  const inline = [...doc.querySelectorAll<HTMLStyleElement>('style[data-href]')]
  const version = inline[0]?.dataset.version
  if (!version) return
  let left = inline.length
  for (const style of inline) {
    const link = doc.createElement('link')
    link.rel = 'prefetch'
    link.as = 'style'
    link.href = style.dataset.href ?? ''
    link.onload = () => {
      left--
      if (left === 0) doc.cookie = `${STYLES_COOKIE}=${version}; path=/; max-age=31536000; samesite=lax`
    }
    doc.head.append(link)
  }
}

import { createElement, type ReactNode } from 'react'
import { HydratedRouter } from 'react-router/dom'

declare global {
  interface Window {
    __reactRouterContext?: { stream?: ReadableStream }
  }
}

/**
 * React Router's HydratedRouter first throws the promise of its state's decoding (React waits for
 * it, then hydrates); Preact (ADR 23) would instead render the page anew beside the server's. So
 * the decoding starts here, and the page is hydrated once it has settled: the first call makes the
 * router's state promise and throws it before any hook runs (while the server's stream is still
 * unread, which is what the guard checks).
 */
export async function beforeHydrate(): Promise<void> {
  if (!window.__reactRouterContext?.stream) return
  try {
    HydratedRouter({})
  } catch (thrown) {
    if (thrown && typeof (thrown as PromiseLike<unknown>).then === 'function') await thrown
    else throw thrown
  }
}

/**
 * The document as Preact may hydrate it: Preact takes `document` for its <html> element and would
 * put a second <html> inside the first, so it is given the document's children and its insertion
 * behind a stand-in (all Preact asks of a parent at the root).
 */
export function hydrationRoot(): Document {
  const root = {
    namespaceURI: null,
    // The <html> element only: the doctype before it is not Preact's.
    get firstChild() {
      return document.documentElement
    },
    get childNodes() {
      return [document.documentElement]
    },
    insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
  }
  return root as unknown as Document
}

const KEPT = { __html: '' }

/**
 * In the browser the head stays as the server wrote it: React's renderer orders it its own way
 * (images to preload first, stylesheets after the scripts), and Preact, matching its children in
 * order, would drop the stylesheets. The tab's title is set by the page (DocumentTitle); the rest of
 * the head (styles, icons, the strings' preload) does not change from page to page.
 */
export function DocumentHead(_props: { children: ReactNode }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, only so that Preact leaves the head's nodes alone
  return createElement('head', { dangerouslySetInnerHTML: KEPT })
}

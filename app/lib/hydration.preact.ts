import { createElement, type ReactElement, type ReactNode, Suspense, useLayoutEffect, useRef } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

declare global {
  interface Window {
    __reactRouterContext?: { stream?: ReadableStream }
  }
}

/** A task of its own for what follows (the page's state decoded, the router, the hydration). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * React Router's HydratedRouter first throws the promise of its state's decoding (React waits for
 * it, then hydrates); Preact (ADR 23) would instead render the page anew beside the server's. So
 * the decoding starts here, and the page is hydrated once it has settled: the first call makes the
 * router's state promise and throws it before any hook runs (while the server's stream is still
 * unread, which is what the guard checks).
 */
async function beforeHydrate(): Promise<void> {
  if (!window.__reactRouterContext?.stream) return
  try {
    HydratedRouter({})
  } catch (thrown) {
    if (thrown && typeof (thrown as PromiseLike<unknown>).then === 'function') await thrown
    else throw thrown
  }
  await nextTask()
  // The router (its routes ranked, the page's matched) is made before the component's first hook:
  // called once more, it makes it here, in a task before hydration's, and stops at that hook
  // (outside a render). Had it failed, the render would call it again and show the error.
  try {
    HydratedRouter({})
  } catch {
    // The hook outside a render, as expected.
  }
}

/**
 * The document as Preact may hydrate it: Preact takes `document` for its <html> element and would
 * put a second <html> inside the first, so it is given the document's children and its insertion
 * behind a stand-in (all Preact asks of a parent at the root).
 */
function hydrationRoot(): Document {
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

// Hydrating a page on a phone is one long task, most of it the page's lists, menus and footer that
// nobody touches in its first second. Preact keeps a part's server markup when the part suspends
// while it hydrates (compat's Suspense), and hydrates it when the promise settles: HydrateLater
// suspends during hydration, and the parts are let go one per task, in the page's order.

/** True while a hydration renders: the page's first, or a later part's own. */
let hydrating = false
/** The parts waiting, in the page's order: each lets its part go. */
const waiting: Array<() => void> = []
let settle: () => void = () => {}
const settled = new Promise<void>((resolve) => {
  settle = resolve
})
const channel = typeof MessageChannel === 'undefined' ? null : new MessageChannel()

/** One part per task; a part's own parts join the line as it hydrates, so the line ends when a task finds it empty. */
function next() {
  // A part's hydration is over with the task it ran in (a part that failed never ran its effect).
  hydrating = false
  const release = waiting.shift()
  if (!release) {
    settle()
    return
  }
  release()
  channel?.port2.postMessage(null)
}
if (channel) channel.port1.onmessage = next

/** Hydrates the document; the parts marked HydrateLater follow, a task each. */
export async function hydrate(app: ReactNode): Promise<void> {
  await beforeHydrate()
  await nextTask()
  hydrating = true
  try {
    hydrateRoot(hydrationRoot(), app)
  } finally {
    hydrating = false
  }
  // The line starts after the page's own hydration (an empty line settles at once).
  if (channel) channel.port2.postMessage(null)
  else settle()
}

/** Resolves once every part of the page is hydrated, the later ones included. */
export function whenHydrated(): Promise<void> {
  return settled
}

function Part({ children }: { children: ReactElement }): ReactElement {
  // undefined: not rendered yet; a promise: waiting for its task; null: hydrated, or rendered afresh.
  const wait = useRef<Promise<void> | null>(undefined)
  const resumed = useRef(false)
  if (wait.current === undefined) {
    wait.current =
      hydrating && channel
        ? new Promise<void>((resolve) => {
            waiting.push(() => {
              wait.current = null
              resumed.current = true
              resolve()
            })
          })
        : null
  }
  if (wait.current) throw wait.current
  // This render hydrates the part's markup: the parts inside it wait for tasks of their own too,
  // until its layout effect (run when this hydration is committed).
  if (resumed.current) hydrating = true
  useLayoutEffect(() => {
    if (!resumed.current) return
    resumed.current = false
    hydrating = false
  })
  return children
}

/**
 * A part of the page hydrated after the rest, in a task of its own: a click on it in the meantime
 * follows its link (a page load) or waits for it. Rendered afresh (after the page's hydration, on
 * a page reached in the browser) it renders at once. Its child renders one element, which Preact
 * keeps while it waits.
 */
export function HydrateLater({ children }: { children: ReactElement }): ReactElement {
  return createElement(Suspense, { fallback: null }, createElement(Part, null, children))
}

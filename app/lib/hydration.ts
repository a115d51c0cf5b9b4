// How the browser hydrates the page: React DOM's hydrateRoot through React Router's HydratedRouter
// (ADR 25). The parts of a page that can wait are Suspense boundaries: React hydrates the rest
// first, then each of them in work of its own, and a click on one that comes first hydrates it at
// once and is replayed on it.
import { createElement, type ReactNode, Suspense, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'

/** Hydrates the document, which React Router's root renders whole. */
export function hydrate(app: ReactNode): void {
  startTransition(() => {
    hydrateRoot(document, app)
  })
}

/**
 * Resolves once React has hydrated the page's later parts too. React does that work in tasks of
 * its own, queued one after the other until it is done, and the browser runs idle callbacks only
 * when no task is waiting: the first one after the page's own hydration comes after them.
 */
export function whenHydrated(): Promise<void> {
  return new Promise((resolve) => {
    // A browser kept busy may not go idle for a long time (a journey in CI waited 15 s for a visitor's
    // chat page that had hydrated long before): after 5 s without an idle moment, the page counts
    // as hydrated anyway; React's later parts take well under that.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 5000 })
    else setTimeout(resolve, 0)
  })
}

/**
 * A part of the page that hydrates after the rest, in React's own time (a Suspense boundary,
 * without a fallback: nothing in it suspends). Rendered afresh, on a page reached in the browser,
 * it renders with the rest.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return createElement(Suspense, { fallback: null }, children)
}

/** The document's head, rendered by the server and by React in the browser alike. */
export function DocumentHead({ children }: { children: ReactNode }) {
  return createElement('head', null, children)
}

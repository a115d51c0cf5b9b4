// How the browser's runtime hydrates the page: React as it is; the client build takes
// hydration.preact.ts instead (ADR 23).
import { createElement, type ReactElement, type ReactNode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'

/** Hydrates the document, which React Router's root renders whole. */
export async function hydrate(app: ReactNode): Promise<void> {
  startTransition(() => {
    hydrateRoot(document, app)
  })
}

/** Resolves once every part of the page is hydrated: at once with React, which hydrates it whole. */
export function whenHydrated(): Promise<void> {
  return Promise.resolve()
}

/**
 * A part of the page hydrated after the rest, in a task of its own (hydration.preact.ts); React
 * hydrates it with the rest. Its child renders one element.
 */
export function HydrateLater({ children }: { children: ReactElement }): ReactElement {
  return children
}

/** The document's head, rendered by the server and by React in the browser alike. */
export function DocumentHead({ children }: { children: ReactNode }) {
  return createElement('head', null, children)
}

// How the browser's runtime hydrates the page: React as it is; the client build takes
// hydration.preact.ts instead (ADR 23).
import { createElement, type ReactNode } from 'react'

/** What must be done before hydrating: nothing for React. */
export async function beforeHydrate(): Promise<void> {}

/** Where the page is hydrated: the document, which React Router's root renders whole. */
export function hydrationRoot(): Document {
  return document
}

/** The document's head, rendered by the server and by React in the browser alike. */
export function DocumentHead({ children }: { children: ReactNode }) {
  return createElement('head', null, children)
}

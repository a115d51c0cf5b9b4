// How the browser's runtime hydrates the page: React as it is; the client build takes
// hydration.preact.ts instead (ADR 23).

/** What must be done before hydrating: nothing for React. */
export async function beforeHydrate(): Promise<void> {}

/** Where the page is hydrated: the document, which React Router's root renders whole. */
export function hydrationRoot(): Document {
  return document
}

import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadPageStrings } from './i18n.ts'
import { installChunkReload } from './lib/chunk-reload.ts'
import { beforeHydrate, hydrationRoot } from './lib/hydration.ts'

installChunkReload(window)

// The page's strings come as JSON beside the code (ADR 21); the page renders from them, so they are
// here before hydration (the document's preload link has fetched them alongside the scripts).
await loadPageStrings(document)

const app = (
  <StrictMode>
    <HydratedRouter />
  </StrictMode>
)
await beforeHydrate()
startTransition(() => {
  hydrateRoot(hydrationRoot(), app)
})

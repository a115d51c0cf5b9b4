import { StrictMode } from 'react'
import { HydratedRouter } from 'react-router/dom'
import { loadPageStrings } from './i18n.ts'
import { quietAbortedRequests } from './lib/aborted-requests.ts'
import { installChunkReload } from './lib/chunk-reload.ts'
import { hydrate } from './lib/hydration.ts'

installChunkReload(window)
quietAbortedRequests(window)

// The page's strings come as JSON beside the code (ADR 21); the page renders from them, so they are
// here before hydration (the document's preload link has fetched them alongside the scripts).
await loadPageStrings(document)

hydrate(
  <StrictMode>
    <HydratedRouter />
  </StrictMode>,
)

import type { RouterContextProvider } from 'react-router'
import { type AppLoadContext, appLoadContext } from '#server/plugins/ssr-context.ts'

/** The request's site, locale and services, as the Fastify server handed them to React Router. */
export function getAppContext(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appLoadContext)
}

import { useRouteLoaderData } from 'react-router'
import type { RootData } from '../root.server.ts'

/** The root loader's data (locale, settings, company); present on every page. */
export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined
  if (!data) throw new Error('Root data is missing')
  return data
}

import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False while the page is server-rendered HTML only, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

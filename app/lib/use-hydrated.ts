import { useEffect, useState } from 'react'

/**
 * False while the page is server-rendered HTML only, true once the page runs in the browser: its
 * first render in the browser is the server's (as hydration needs), then it turns true.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

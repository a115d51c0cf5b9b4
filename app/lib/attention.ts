import { createContext, useContext, useEffect } from 'react'

/**
 * Unread messages plus new likes (spec section 2: the tab title prefix and the app badge). The
 * member's state (app/routes/layouts/member-state.tsx) provides it; the page title reads it here, so components need no feature.
 */
export const AttentionContext = createContext(0)

export const useAttention = () => useContext(AttentionContext)

/** The installed app's badge shows the same count as the tab title. */
export function useAppBadge(attention: number) {
  useEffect(() => {
    const nav = navigator as Navigator & {
      setAppBadge?: (n: number) => Promise<void>
      clearAppBadge?: () => Promise<void>
    }
    if (!nav.setAppBadge) return
    const done = attention > 0 ? nav.setAppBadge(attention) : nav.clearAppBadge?.()
    done?.catch(() => {})
  }, [attention])
}

import { createContext, useContext } from 'react'

/**
 * Unread messages plus new likes (spec section 2: the tab title prefix and the app badge). The
 * member's store provides it; the page title reads it here, so components need no feature.
 */
export const AttentionContext = createContext(0)

export const useAttention = () => useContext(AttentionContext)

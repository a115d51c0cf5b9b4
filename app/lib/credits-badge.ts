import { CREDITS_WARNING_AT } from '#common/constants.ts'

/**
 * A paid member's credits badge (spec section 2): at CREDITS_WARNING_AT or fewer, a warning above
 * 0 and danger at 0; none above it.
 */
export function creditsBadge(credits: number): 'warning' | 'danger' | null {
  if (credits > CREDITS_WARNING_AT) return null
  return credits > 0 ? 'warning' : 'danger'
}

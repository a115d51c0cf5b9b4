import { BADGE_CAP } from './constants.ts'

/** A navigation badge label: the count, or 99+ at 100 or more (spec section 2). */
export function formatBadgeCount(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count)
}

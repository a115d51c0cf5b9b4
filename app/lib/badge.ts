import { BADGE_CAP } from '#common/constants.ts'

/** A count in a navigation badge: nothing at 0, 99+ at 100 or more (spec section 2). */
export function badgeText(count: number): string | null {
  if (count <= 0) return null
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count)
}

/** The tab title with the count of unread messages plus new likes in front (spec section 2). */
export function titleWithCount(title: string, count: number): string {
  const text = badgeText(count)
  return text ? `(${text}) ${title}` : title
}

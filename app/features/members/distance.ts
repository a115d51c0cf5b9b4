import type { DistanceBand } from '#common/geo-grid.ts'
import type { TFunction } from '../../i18n.ts'

/** How far a member is, in the bands search shows ("Under 10 km", "About 80 km"): cards and the swipe game. */
export function distanceText(t: TFunction, band: DistanceBand): string {
  return t(`members.distance.${band.kind}`, { km: band.km })
}

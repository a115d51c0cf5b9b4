import type { TFunction } from '../../i18n.ts'

/** The kinds of stored status the console shows, each with its labels in console.statuses. */
type StatusKind = 'account' | 'profile' | 'photo' | 'staff' | 'catalog' | 'payment'

/**
 * A stored status (`banned`, `charged_back`…) in the staff member's language. A status that has no
 * label yet shows as stored rather than as nothing, so a new status is never hidden.
 */
export const statusLabel = (t: TFunction, kind: StatusKind, status: string) =>
  t(`console.statuses.${kind}.${status}`, status)

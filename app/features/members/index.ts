// What other features use of members: blocking and the fictional profile's badge.
export { BlockButton } from './block-button.tsx'
export { distanceText } from './distance.ts'
export { FictionalBadge, FictionalDisclosure, FictionalListNote } from './fictional-badge.tsx'
export { NewHereBadge } from './new-here-badge.tsx'
export { PresenceBadge } from './presence-badge.tsx'
export { placeOf } from './profile-summary.tsx'
export { ReportButton } from './report-sheet.tsx'
export { VerifiedBadge } from './verified-badge.tsx'

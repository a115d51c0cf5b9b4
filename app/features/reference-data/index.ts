// Interests, regions and company info, loaded once per page.
export { referenceData } from './reference-data.ts'
export { type KnownRegions, useRegions } from './use-regions.ts'

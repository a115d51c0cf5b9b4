// Interests, regions and company info, loaded once per page.
export { referenceData } from './reference-data.ts'
export { useRegions } from './use-regions.ts'

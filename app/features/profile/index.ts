// The profile's fields the sign-up flow asks for too.
export { InterestChips } from './interest-chips.tsx'
export { LocationFields, type LocationValue } from './location-fields.tsx'
export { type LookingFor, LookingForFields } from './looking-for-fields.tsx'
export { PhotoUploader } from './photo-uploader.tsx'

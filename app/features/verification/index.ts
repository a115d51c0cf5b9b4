// What the pages use of verified humans (issue 37): the live check and the profile's invitation.
export { LiveCheck } from './live-check.tsx'
export { VerifyPrompt } from './verify-prompt.tsx'

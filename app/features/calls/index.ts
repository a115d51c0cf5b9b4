export { CallConsent } from './call-consent.tsx'
export { CallProvider } from './call-provider.tsx'

// What other features use of accounts: the login prompt and the sign-up link.
export { useLoginPrompt } from './login-prompt.tsx'
export { SignupLink } from './signup-modal.tsx'

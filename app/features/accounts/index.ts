// What other features use of accounts: the login prompt, the sign-up link, and sending the
// activation mail again (the sign-up's last step).
export { ACTIVATION_RESEND, useActivationResend } from './activation-resend.ts'
export { useLoginPrompt } from './login-prompt.tsx'
export { SignupLink } from './signup-modal.tsx'

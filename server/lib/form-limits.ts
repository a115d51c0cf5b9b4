/**
 * The rate limits of the calls a member's form makes, per address: the API route and the page's
 * route action that stands for it (ADR 25) take them from here, so that the two stay one limit.
 */
export const FORM_LIMITS = {
  login: { max: 30, timeWindow: '1 minute' },
  /** The console's password step, and its second factor. */
  staffLogin: { max: 30, timeWindow: '1 minute' },
  passwordResetRequest: { max: 10, timeWindow: '1 hour' },
  passwordReset: { max: 20, timeWindow: '1 hour' },
  passwordChange: { max: 10, timeWindow: '15 minutes' },
  emailChange: { max: 10, timeWindow: '1 hour' },
  complaint: { max: 10, timeWindow: '1 hour' },
  accountDeletion: { max: 10, timeWindow: '1 hour' },
  dataExport: { max: 5, timeWindow: '1 hour' },
  appeal: { max: 10, timeWindow: '1 minute' },
  activationResend: { max: 5, timeWindow: '1 hour' },
  unsubscribe: { max: 60, timeWindow: '1 minute' },
  directDebitRequest: { max: 10, timeWindow: '1 minute' },
  directDebitConfirm: { max: 20, timeWindow: '1 minute' },
} as const

/** Sign-ups an hour from one address: configured (SIGNUP_LIMIT_PER_HOUR). */
export const signupLimit = (signupsPerHour: number) => ({ max: signupsPerHour, timeWindow: '1 hour' })

/** The staff tests/e2e/staff.setup.ts makes with `npm run staff -- create` once the server runs. */
export const E2E_ADMIN = {
  email: 'e2e-admin@example.com',
  password: 'e2e-admin-password-long',
  role: 'admin',
}
/** An admin only console.spec.ts uses: it walks the first login (enrollment) itself. */
export const E2E_FIRST_ADMIN = {
  email: 'e2e-first-admin@example.com',
  password: 'e2e-first-admin-password-long',
  role: 'admin',
}
export const E2E_MODERATOR = {
  email: 'e2e-moderator@example.com',
  password: 'e2e-moderator-password-long',
  role: 'moderator',
}
export const E2E_SUPPORT = {
  email: 'e2e-support@example.com',
  password: 'e2e-support-password-long',
  role: 'support',
}
export const E2E_OPERATOR = {
  email: 'e2e-operator@example.com',
  password: 'e2e-operator-password-long',
  role: 'operator',
}
/** A moderator only console-no-script.spec.ts uses: it enrolls with JavaScript off. */
export const E2E_NOSCRIPT_MODERATOR = {
  email: 'e2e-noscript-moderator@example.com',
  password: 'e2e-noscript-moderator-password',
  role: 'moderator',
}
/** Staff who choose the console in French (console-french.spec.ts only: the choice is theirs). */
export const E2E_FRENCH_MODERATOR = {
  email: 'e2e-moderatrice@example.com',
  password: 'e2e-moderatrice-password-long',
  role: 'moderator',
}
export const E2E_FRENCH_ADMIN = {
  email: 'e2e-admin-fr@example.com',
  password: 'e2e-admin-fr-password-long',
  role: 'admin',
}
export const E2E_STAFF = [
  E2E_ADMIN,
  E2E_FIRST_ADMIN,
  E2E_MODERATOR,
  E2E_SUPPORT,
  E2E_OPERATOR,
  E2E_NOSCRIPT_MODERATOR,
  E2E_FRENCH_MODERATOR,
  E2E_FRENCH_ADMIN,
]

/** The E2E server's data directory (playwright.config.ts), where its staff command socket is. */
export const E2E_DATA_DIR = '.tmp/e2e-data'

/** Where tests/e2e/staff.setup.ts writes each account's authenticator key (from the printed otpauth:// link). */
export const E2E_STAFF_KEYS = '.tmp/e2e-staff-keys.json'

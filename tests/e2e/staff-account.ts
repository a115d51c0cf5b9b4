/** The admin scripts/e2e-server.ts makes with `npm run staff -- create` before the server starts. */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password-long' }

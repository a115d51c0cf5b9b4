import { defineConfig } from 'vitest/config'

// npm run test:faults: real processes (PostgreSQL, Redis, two nodes, nginx) broken on purpose, one
// test after the other (ADR 22).
export default defineConfig({
  test: {
    name: 'faults',
    include: ['tests/faults/**/*.test.ts'],
    fileParallelism: false,
    // The PostgreSQL cluster's template, and the PGlite one for smtp.test.ts's test app.
    globalSetup: ['tests/faults/template.ts', 'tests/support/database-template.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})

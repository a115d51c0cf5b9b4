import { defineConfig } from 'vitest/config'

// npm run test:faults: real processes (PostgreSQL, Redis, two nodes, nginx) broken on purpose, one
// test after the other (ADR 22).
export default defineConfig({
  test: {
    name: 'faults',
    include: ['tests/faults/**/*.test.ts'],
    fileParallelism: false,
    globalSetup: ['tests/faults/template.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})

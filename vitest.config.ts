import { defineConfig } from 'vitest/config'

const integration = ['server/**/*.test.ts']
const withPostgres = Boolean(process.env.TEST_DATABASE_URL)

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'app/**/*.test.ts', 'tools/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'pglite',
          include: integration,
          // Tests of several processes on one database (*.postgres.test.ts) need a server.
          exclude: ['server/**/*.postgres.test.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'postgres',
                include: integration,
                // The fuzz suite is about input handling, not the database: once, on PGlite, is enough
                // (server/hostile-input.test.ts checks the database's side on both).
                exclude: ['server/fuzz.test.ts'],
                env: { TEST_DB_KIND: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
})

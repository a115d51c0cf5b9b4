import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

const integration = ['server/**/*.test.ts']
/** Server tests that need no database nor server: the safety rules and their corpus (issue 60). */
const serverUnit = ['server/lib/safety/**/*.test.ts']
/**
 * The integration projects' files share their worker's modules (isolate: false): each file imported
 * the whole server anew, 2-5 s of CPU per file, a quarter of the suite's time (ADR 24). Every test
 * builds its own app on its own database, and no server module keeps state between apps.
 */
const shared = { isolate: false, testTimeout: 30_000, hookTimeout: 60_000 }
const withPostgres = Boolean(process.env.TEST_DATABASE_URL)

export default defineConfig({
  test: {
    // A worker per core: Vitest's default, one fewer than the cores, ran the suites on one of this
    // machine's two (its own process only hands out files and prints).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'app/**/*.test.ts', 'tools/**/*.test.ts', ...serverUnit],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'pglite',
          include: integration,
          // Tests of several processes on one database (*.postgres.test.ts) need a server.
          exclude: ['server/**/*.postgres.test.ts', ...serverUnit],
          env: { TEST_DB_KIND: 'pglite' },
          globalSetup: ['tests/support/database-template.ts'],
          ...shared,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'postgres',
                include: integration,
                // The fuzz suite is about input handling, not the database: once, on PGlite, is enough
                // (server/hostile-input.test.ts checks the database's side on both). So are the face
                // models (server/lib/faces), which use no database, and the live check on them, whose
                // queries are plain ones.
                exclude: [
                  'server/fuzz-*.test.ts',
                  'server/lib/faces/**',
                  'server/modules/verification/**',
                  ...serverUnit,
                ],
                env: { TEST_DB_KIND: 'postgres' },
                globalSetup: ['tests/support/database-template.ts'],
                ...shared,
              },
            },
          ]
        : []),
    ],
  },
})

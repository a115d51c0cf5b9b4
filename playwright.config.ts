import { defineConfig, devices } from '@playwright/test'

const PORT = 3100
/**
 * The specs that change what every member sees for a while (a site's gift price, a content page):
 * they run after the others, one at a time, so that no journey meets the change (chat.spec.ts reads
 * the gift price).
 */
const SITE_WIDE = ['settings.spec.ts', 'business.spec.ts']

export default defineConfig({
  testDir: 'tests/e2e',
  // Each journey has its own members, browser contexts and clocks, so files run side by side: two
  // workers, as this machine has two cores (one worker left one core idle most of the run).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  timeout: 30_000,
  expect: { timeout: 7000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed test keeps its trace: actions, network and DOM snapshots. Not the screencast: its
    // frames cost the browser, the GPU process and the worker about a sixth of the run's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: SITE_WIDE,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'site-wide',
      testMatch: SITE_WIDE,
      dependencies: ['chromium'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATA_DIR: '.tmp/e2e-data',
      SEED_MEMBERS: '60',
      PAYMENTS: 'sandbox',
      MAIL: 'outbox',
      PUBLIC_URL: `http://localhost:${PORT}`,
      // Every journey signs up from this one address.
      SIGNUP_LIMIT_PER_HOUR: '1000',
      // As behind a proxy on this machine: a test may be many visitors (attribution.spec.ts),
      // each with its own address, as the per-address limits count them.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The mail provider's bounce webhook, signed by tests/e2e/notifications.spec.ts.
      MAILGUN_WEBHOOK_SIGNING_KEY: 'e2e-mailgun-signing-key',
    },
  },
})

import { defineConfig, devices } from '@playwright/test'
import { E2E_DATA_DIR } from './tests/e2e/staff-account.ts'

const PORT = 3100
/**
 * The specs that change what every member sees for a while (a site's gift price, a content page):
 * they run after the others, one at a time, so that no journey meets the change (chat.spec.ts reads
 * the gift price; the live check asks for head turns only while verification.spec.ts runs).
 */
const SITE_WIDE = ['settings.spec.ts', 'business.spec.ts', 'verification.spec.ts', 'safety.spec.ts']
/** The specs of Web Push (the opt-in step, the push alert, the worker's pushes), which need the browser. */
const PUSH = ['signup-flow.spec.ts', 'notifications.spec.ts', 'installed-app.spec.ts']

/** Chromium as these machines run it: no sandbox as root, no GPU, no calls home (the network is closed). */
const launchOptions = (executablePath: string) => ({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
/**
 * Chromium's headless shell (Debian's chromium-headless-shell; what Playwright runs headless): the
 * same engine without the browser's own interface, whose renderer and GPU work made the journeys a
 * third slower (ADR 24). It has no Push API, so the push specs run in the browser itself.
 */
const HEADLESS_SHELL = launchOptions('/usr/bin/chromium-headless-shell')
const BROWSER = launchOptions('/usr/bin/chromium')
const desktop = { ...devices['Desktop Chrome'], channel: undefined }

export default defineConfig({
  testDir: 'tests/e2e',
  // Each journey has its own members, browser contexts and clocks, so files run side by side, a
  // worker per core of this machine (ADR 24).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  // A safety net, not a measurement (speed is measured in npm run bench): a short journey that
  // takes 12 s alone took 30 s on CI's machine with two browsers running, so 60 s per journey.
  timeout: 60_000,
  expect: { timeout: 7000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed test keeps its trace: actions, network and DOM snapshots. Not the screencast: its
    // frames cost the browser, the GPU process and the worker about a sixth of the run's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    // The console's staff, made through the running server as the README says.
    { name: 'staff', testMatch: 'staff.setup.ts' },
    {
      name: 'journeys',
      testIgnore: [...SITE_WIDE, ...PUSH],
      dependencies: ['staff'],
      use: { ...desktop, launchOptions: HEADLESS_SHELL },
    },
    {
      name: 'push',
      testMatch: PUSH,
      dependencies: ['staff'],
      use: { ...desktop, launchOptions: BROWSER },
    },
    {
      name: 'site-wide',
      testMatch: SITE_WIDE,
      dependencies: ['journeys', 'push'],
      workers: 1,
      use: { ...desktop, launchOptions: HEADLESS_SHELL },
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
      DATA_DIR: E2E_DATA_DIR,
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

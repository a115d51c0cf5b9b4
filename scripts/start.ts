// npm start: builds the app when no build exists, then starts the server in production mode.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

if (!existsSync('build/server/index.js')) {
  console.log('No build found: building the app (once)…')
  const result = spawnSync('npx', ['react-router', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
// A newcomer's `npm start` is the demo: the sandbox payment provider and the mail outbox (listed at
// /dev/mailbox, so activation links can be followed), with links to this machine. A deployment says
// NODE_ENV=production itself and configures MOLLIE_API_KEY and SMTP_URL (ADR 13).
if (!process.env.NODE_ENV) {
  if (!process.env.MOLLIE_API_KEY) process.env.PAYMENTS ??= 'sandbox'
  if (!process.env.SMTP_URL) {
    process.env.MAIL ??= 'outbox'
    console.log('No SMTP_URL: mails stay in the outbox, listed at /dev/mailbox')
  }
  process.env.PUBLIC_URL ??= `http://localhost:${process.env.PORT ?? 3000}`
  // Readable lines, none per request; a deployment keeps JSON logs for its log pipeline.
  process.env.LOG_FORMAT ??= 'text'
}
process.env.NODE_ENV ??= 'production'
await import('../server/main.ts')

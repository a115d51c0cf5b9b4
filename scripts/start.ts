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
// A newcomer's `npm start` has no mail server: show the outbox so activation links can be followed.
// A deployment says NODE_ENV=production itself and configures SMTP_URL; it gets no mailbox.
if (!process.env.NODE_ENV && !process.env.SMTP_URL) {
  process.env.DEV_MAILBOX ??= 'true'
  console.log('No SMTP_URL: mails stay in the outbox, listed at /dev/mailbox')
}
process.env.NODE_ENV ??= 'production'
await import('../server/main.ts')

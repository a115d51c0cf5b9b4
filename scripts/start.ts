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
// Calls (issue 59, ADR 37) go through a relay: the demo starts its own coturn on this machine when
// Debian's package is installed, and otherwise offers calls between browsers of this machine only.
if (!process.env.NODE_ENV && !process.env.TURN_URL) {
  const { coturnInstalled, startCoturn } = await import('../server/lib/turn/coturn.ts')
  const coturn = coturnInstalled()
    ? await startCoturn({ host: '127.0.0.2', port: 3478, selfOnly: true }).catch((error: Error) => {
        console.log(`coturn did not start (${error.message})`)
        return null
      })
    : null
  if (coturn) {
    process.env.TURN_URL = coturn.relay.urls.join(',')
    process.env.TURN_SECRET = coturn.relay.secret
    process.on('exit', () => coturn.process.kill('SIGKILL'))
    console.log('Calls go through a local coturn on 127.0.0.2:3478')
  } else {
    process.env.CALLS ??= 'local'
    console.log('No coturn (apt install coturn): calls connect browsers of this machine directly')
  }
}
process.env.NODE_ENV ??= 'production'
await import('../server/main.ts')

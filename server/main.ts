import { type Env, readEnv } from './env.ts'

let env: Env
try {
  env = readEnv()
} catch (error) {
  // One clear line for whoever starts the server, not a stack trace; and at once, before the server's
  // modules load (a busy machine took over 20 s to load them before saying it).
  console.error(`Cannot start: ${(error as Error).message}`)
  process.exit(1)
}
const { buildApp } = await import('./app.ts')
const { seedIfEmpty } = await import('./db/seed/seed-if-empty.ts')
const { stopOnSignals } = await import('./lifecycle.ts')
const { listenForStaffCommands } = await import('./modules/staff/staff-command.ts')
const app = await buildApp({ env })
await seedIfEmpty(app, env)

stopOnSignals(app)
// `npm run staff` while this server holds the embedded database (on PostgreSQL it opens it itself).
if (!env.DATABASE_URL) await listenForStaffCommands(app, env.DATA_DIR)

await app.listen({ port: env.PORT, host: env.HOST })
if (env.LOG_FORMAT === 'text') {
  // The demo's one line to read (its logs are readable too); production logs JSON only.
  const origin = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`
  const mails = env.MAIL === 'outbox' ? `, mails at ${origin}/dev/mailbox` : ''
  console.log(
    `\n${app.services.sites.list()[0].settings.name} on ${origin} — console at ${origin}/admin${mails}\n`,
  )
}

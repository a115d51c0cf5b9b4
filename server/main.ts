import { buildApp } from './app.ts'
import { seedIfEmpty } from './db/seed/seed-if-empty.ts'
import { type Env, readEnv } from './env.ts'
import { stopOnSignals } from './lifecycle.ts'
import { listenForStaffCommands } from './modules/staff/staff-command.ts'

let env: Env
try {
  env = readEnv()
} catch (error) {
  // One clear line for whoever starts the server, not a stack trace.
  console.error(`Cannot start: ${(error as Error).message}`)
  process.exit(1)
}
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

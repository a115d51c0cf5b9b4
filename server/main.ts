import { buildApp } from './app.ts'
import { seedIfEmpty } from './db/seed/seed-if-empty.ts'
import { type Env, readEnv } from './env.ts'
import { stopOnSignals } from './lifecycle.ts'

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

await app.listen({ port: env.PORT, host: env.HOST })

import { buildApp } from './app.ts'
import { seedIfEmpty } from './db/seed/seed-if-empty.ts'
import { type Env, readEnv } from './env.ts'

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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`)
    app.close().then(() => process.exit(0))
  })
}

await app.listen({ port: env.PORT, host: env.HOST })

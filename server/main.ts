import { buildApp } from './app.ts'
import { seedIfEmpty } from './db/seed/seed-if-empty.ts'
import { readEnv } from './env.ts'

const env = readEnv()
const app = await buildApp({ env })
await seedIfEmpty(app, env)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`)
    app.close().then(() => process.exit(0))
  })
}

await app.listen({ port: env.PORT, host: env.HOST })

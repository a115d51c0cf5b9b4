// An app node without pages, as server/main.ts runs one (the same signals), for tests that start
// and stop real processes: node tests/support/api-node.ts with PORT, DATA_DIR… in the environment.
import { buildApp } from '#server/app.ts'
import { readEnv } from '#server/env.ts'
import { stopOnSignals } from '#server/lifecycle.ts'

const env = readEnv()
const app = await buildApp({ env, pages: false, jobs: false })
stopOnSignals(app)
await app.listen({ port: env.PORT, host: env.HOST })
console.log(`listening on ${env.PORT}`)

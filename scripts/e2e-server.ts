// The server Playwright tests run against: a fresh embedded database every run. The console's staff
// are made once it runs, as the README says (`npm run staff` while the server holds the database):
// tests/e2e/staff.setup.ts. Calls go through a coturn of its own (issue 59), as in production.
import { rmSync } from 'node:fs'
import { readEnv } from '../server/env.ts'
import { startCoturn } from '../server/lib/turn/coturn.ts'

rmSync(readEnv().DATA_DIR, { recursive: true, force: true })
const coturn = await startCoturn({
  host: '127.0.0.2',
  port: 3479,
  selfOnly: true,
  minPort: 49_500,
  maxPort: 49_900,
})
process.env.TURN_URL = coturn.relay.urls.join(',')
process.env.TURN_SECRET = coturn.relay.secret
process.on('exit', () => coturn.process.kill('SIGKILL'))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void coturn.stop())
await import('../server/main.ts')

// The server Playwright tests run against: a fresh embedded database every run.
import { rmSync } from 'node:fs'
import { readEnv } from '../server/env.ts'

rmSync(readEnv().DATA_DIR, { recursive: true, force: true })
await import('../server/main.ts')

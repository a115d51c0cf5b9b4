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
process.env.NODE_ENV ??= 'production'
await import('../server/main.ts')

import { spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import { NODE_FLAGS } from '../server/node-flags.ts'

/**
 * Starts the built app in production mode on its own port and an emptied data directory, for a
 * benchmark, with the flags a production node runs with; BENCH_SERVER_FLAGS passes more (e.g.
 * --cpu-prof).
 */
export function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string>,
  /** Reads the server's log lines (else they go to this process's output). */
  onLog?: (line: string) => void,
) {
  if (!existsSync('build/server/index.js')) {
    console.error('No build: run npm run build first.')
    process.exit(1)
  }
  rmSync(path.resolve(dataDir), { recursive: true, force: true })
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)
  const child = spawn('node', [...NODE_FLAGS, ...flags, 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve(dataDir),
      LOG_LEVEL: 'warn',
      // A production server names its local providers (ADR 13); a benchmark pays and mails nobody.
      PAYMENTS: 'sandbox',
      MAIL: 'outbox',
      ...env,
    },
    stdio: onLog ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  })
  if (onLog) {
    for (const stream of [child.stdout, child.stderr]) {
      let rest = ''
      stream?.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n')
        rest = lines.pop() ?? ''
        for (const line of lines) onLog(line)
      })
    }
  }
  return child
}

/** Waits until the server at `base` answers /readyz (two minutes at most). */
export async function waitReady(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start')
}

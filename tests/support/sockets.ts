// WebSockets of a member or a staff member against app nodes that listen on loopback (tests).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import WebSocket from 'ws'
import { CONSOLE_SOCKET_PATH, SOCKET_PATH } from '#common/api.ts'
import { buildApp } from '#server/app.ts'
import { readEnv } from '#server/env.ts'
import { createTestDatabase } from './test-app.ts'

/** Frames a socket receives, and a way to wait for one. */
export function listen(socket: WebSocket) {
  const frames: Array<Record<string, unknown>> = []
  const waiters: Array<() => void> = []
  socket.on('message', (raw) => {
    frames.push(JSON.parse(String(raw)))
    for (const w of waiters.splice(0)) w()
  })
  return {
    frames,
    async next(match: (f: Record<string, unknown>) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = frames.find(match)
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no such frame; got ${JSON.stringify(frames)}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
    },
  }
}

export function connect(
  app: FastifyInstance,
  who: { cookie: string } | null,
  origin?: string,
  socketPath: string = SOCKET_PATH,
) {
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('not listening')
  const base = `127.0.0.1:${address.port}`
  const socket = new WebSocket(`ws://${base}${socketPath}`, {
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      origin: origin ?? `http://${base}`,
    },
  })
  const messages = listen(socket)
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    socket.on('close', (code) => resolve({ code, at: Date.now() })),
  )
  const opened = new Promise<number>((resolve) => {
    socket.on('open', () => resolve(101))
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    socket.on('error', () => resolve(0))
  })
  return { socket, messages, opened, closed }
}

export async function startNodes(count: number, redisUrl: string | undefined) {
  const { database, drop } = await createTestDatabase()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dating-ws-'))
  const nodes: FastifyInstance[] = []
  for (let i = 0; i < count; i++) {
    const env = readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) })
    const app = await buildApp({ env, database, pages: false, logger: false })
    await app.listen({ port: 0, host: '127.0.0.1' })
    nodes.push(app)
  }
  return {
    nodes,
    close: async () => {
      for (const app of nodes) await app.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The operators' console socket of a staff member (their `auth.staff` cookie). */
export const connectConsole = (app: FastifyInstance, staff: { cookie: string }) =>
  connect(app, staff, undefined, CONSOLE_SOCKET_PATH)

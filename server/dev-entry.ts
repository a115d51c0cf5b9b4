// The Fastify app that `react-router dev` (npm run dev) serves through, with hot reload.
import type { ViteDevServer } from 'vite'
import { buildApp } from './app.ts'
import { seedIfEmpty } from './db/seed/seed-if-empty.ts'
import { readEnv } from './env.ts'

export async function createServer(vite: ViteDevServer) {
  const env = readEnv()
  const app = await buildApp({ env, devServer: vite })
  await seedIfEmpty(app, env)
  return app
}

import path from 'node:path'
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { clientApiPlugin } from './tools/client-api.ts'
import { precompressPlugin } from './tools/precompress.ts'
import { purgeBootstrapPlugin } from './tools/purge-bootstrap.ts'
import { splitChunksPlugin } from './tools/split-chunks.ts'

export default defineConfig({
  plugins: [
    reactRouter(),
    fastifyReactRouterDev({ entry: './server/dev-entry.ts', externalizeServerEntryImports: false }),
    purgeBootstrapPlugin(),
    precompressPlugin(),
    clientApiPlugin(),
    // In the browser, zod without eval (app/lib/zod-browser.ts); the server build keeps zod as it is.
    {
      name: 'zod-browser',
      enforce: 'pre',
      resolveId(id) {
        if (id === 'zod' && this.environment?.name === 'client') return path.resolve('app/lib/zod-browser.ts')
      },
    },
    splitChunksPlugin(),
  ],
  css: { preprocessorOptions: { scss: { quietDeps: true } } },
})

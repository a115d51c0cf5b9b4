import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { precompressPlugin } from './tools/precompress.ts'

export default defineConfig({
  plugins: [
    reactRouter(),
    fastifyReactRouterDev({ entry: './server/dev-entry.ts', externalizeServerEntryImports: false }),
    precompressPlugin(),
  ],
  css: { preprocessorOptions: { scss: { quietDeps: true } } },
})

// What `zod` is in the browser build (vite.config.ts aliases it here): zod itself, told first that
// it may not compile parsers. The pages' Content-Security-Policy forbids eval, and zod's probe for
// it is reported as a violation (a best-practices failure). The server keeps the compiled parsers.
import { config } from 'zod/v4'

config({ jitless: true })

export * from 'zod/v4'
export { z as default } from 'zod/v4'

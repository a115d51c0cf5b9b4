import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  ssr: true,
  // The whole route manifest comes with the page (about 3 KiB gzipped) instead of being fetched for
  // the links the page shows: each fetched patch re-rendered the whole page right after hydration, a
  // long task on a phone (ADR 21).
  routeDiscovery: { mode: 'initial' },
} satisfies Config

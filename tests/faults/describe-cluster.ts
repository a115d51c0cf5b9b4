// The fault tests' suites: each on a cluster of its own (tests/support/cluster.ts).
import { afterAll, beforeAll, describe, inject } from 'vitest'
import { type Cluster, startCluster } from '../support/app-cluster.ts'
import { missingPrograms } from '../support/cluster.ts'

/**
 * A suite on its own cluster, started before its tests and stopped after; skipped, with the reason
 * in its title, on a machine without PostgreSQL, Redis, nginx or the build.
 */
export function describeCluster(title: string, body: (cluster: () => Cluster) => void) {
  const missing = missingPrograms()
  // CI installs all of them (.ci/run): there, a missing one is a failure, not a reason to skip.
  if (missing.length > 0 && process.env.CI) throw new Error(`the fault tests need ${missing.join(', ')}`)
  describe.skipIf(missing.length > 0)(
    missing.length ? `${title} (missing: ${missing.join(', ')})` : title,
    () => {
      let cluster: Cluster | undefined
      beforeAll(async () => {
        cluster = await startCluster(inject('postgresTemplate') || undefined)
      }, 120_000)
      afterAll(async () => {
        await cluster?.close()
      })
      body(() => {
        if (!cluster) throw new Error('the cluster did not start')
        return cluster
      })
    },
  )
}

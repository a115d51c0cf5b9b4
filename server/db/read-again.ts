import { isDatabaseUnavailable } from '#server/lib/unavailable.ts'

// A read is safe to run twice. When its connection is lost under it (a failover moved the primary,
// a replica stopped), the next connection goes elsewhere: running it once more costs the member a
// moment instead of an error (ADR 39). Writes are never run again here: the page sends them again
// with their client_id.

/** Runs `read`, and once more when `lost(error)` says the first one's connection was lost under it. */
export async function readAgainIfLost<T>(
  read: () => Promise<T>,
  lost: (error: unknown) => boolean,
): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (!lost(error)) throw error
    return read()
  }
}

/**
 * How reads on the primary are run again after a lost connection: only when the URL names several
 * hosts (a failover cluster), where another is there to take over; a single server that is down
 * answers 503 at once.
 */
export function primaryReads(failover: boolean): <T>(read: () => Promise<T>) => Promise<T> {
  if (!failover) return (read) => read()
  return (read) => readAgainIfLost(read, isDatabaseUnavailable)
}

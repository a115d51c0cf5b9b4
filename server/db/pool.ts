import pg from 'pg'
import type { Primary } from './primary.ts'

// The pools of connections to PostgreSQL's primary a node opens (ADR 31, ADR 39).

/**
 * A node's connections to PostgreSQL, at most; the pool keeps every one it opened, however quiet it
 * gets (issue 40, ADR 31). A pool that closed them after 10 s idle made the first requests after a
 * quiet moment pay for new ones (a PostgreSQL process each, every prepared plan again): 10 to 60 ms
 * for the sends at the start of every round of the chat bench; keeping four left a smaller spike.
 */
export const POOL_SIZE = 20

/** Gives a pooled connection an error listener of its own, held or idle. */
export function keepConnectionErrors(client: pg.PoolClient): void {
  client.on('error', () => {})
}

/**
 * A pool of `size` connections to PostgreSQL's primary, kept however quiet it gets. A request waits
 * at most 2 s for a connection: when PostgreSQL is down it fails fast (503) instead of queueing, and
 * the pool opens fresh connections once the server, or a new primary, is back.
 */
export function openPool(primary: Primary, size: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: primary.current(),
    Client: primary.Client,
    max: size,
    min: size,
    connectionTimeoutMillis: 2000,
  })
  // An idle connection the server closed (restart, failover, a dropped test database) is taken
  // out of the pool by pg itself; without a listener that event would crash the process. One lost
  // to the primary starts the search for the primary at once, before a request meets it (ADR 39).
  pool.on('error', (_error, client) => primary.connectionLost(client))
  // pg's pool listens for a connection's errors only while it is idle: one lost while a request
  // holds it (between two statements of a transaction) emitted 'error' with no listener, which
  // crashed the node (the PostgreSQL fault test, a webhook as the server stopped). The request's
  // next statement fails instead, and the pool drops the connection when it is released.
  pool.on('connect', keepConnectionErrors)
  return pool
}

/**
 * Failures that mean "the database cannot be reached right now" (ADR 22's fault rules): the server
 * refused or dropped the connection, is starting or stopping, does not take writes during a failover,
 * or the pool waited too long for one.
 * The request gets 503 at once, with a message saying to try again, and the node recovers by itself
 * when the database is back: pg's pool opens new connections for the next requests.
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, the connection_exception class, too_many_connections.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
  // read_only_sql_transaction: a write reached a server that is not (or not yet) the primary, as
  // pg_auto_failover's new primary is until its old one has stepped down (ADR 39).
  '25006',
])

const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
]

/** Whether `error`, or an error it wraps (drizzle wraps the driver's), is a lost database connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true
    if (CONNECTION_MESSAGES.some((text) => current instanceof Error && current.message.includes(text)))
      return true
    // AggregateError: every address of the host refused (localhost's ::1 and 127.0.0.1).
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner)))
      return true
    current = current.cause
  }
  return false
}

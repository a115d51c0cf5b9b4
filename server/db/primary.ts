import pg from 'pg'

// The primary among several PostgreSQL hosts (issue 62, point 2; ADR 39). pg_auto_failover gives its
// clients a multi-host URI (postgres://user@host1:port1,host2:port2/db?target_session_attrs=read-write),
// and libpq tries the hosts in turn and keeps the one that takes writes. node-postgres reads one host
// only, so this does it: every new connection goes to the host found last to be the primary. When a
// connection there is refused or lost, or that host turns out to be a standby, the hosts are asked,
// round after round, which is out of recovery now. Meanwhile new connections go to a standby that
// answers: reads go on, and writes fail there (25006, read-only) and answer 503 with Retry-After. Once
// the primary is found, the connections to a standby are cut and the pools open new ones to it, so a
// node follows a failover without a restart.

/** One single-host URL per host of a multi-host PostgreSQL URL, in order; the URL itself for one host. */
export function hostUrls(url: string): string[] {
  const parts = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/.exec(url)
  if (!parts?.[3].includes(',')) return [url]
  // target_session_attrs is this module's work; pg would pass it on to the server as a setting.
  const rest = parts[4].replace(/([?&])target_session_attrs=[^&#]*&?/, '$1').replace(/[?&](#|$)/, '$1')
  return parts[3].split(',').map((host) => `${parts[1]}${parts[2] ?? ''}${host}${rest}`)
}

/** Why a new connection was not made: no host takes writes or reads now (503, ADR 22). */
class NotPrimaryError extends Error {
  readonly code = '08001'
}

export interface Primary {
  /** The URL as configured: one host, or several of which one is the primary. */
  url: string
  /** Whether the URL names several hosts (a failover cluster). */
  failover: boolean
  /** The single-host URL of the primary as last found. */
  current(): string
  /** node-postgres' client class for this database: to the primary now (to a standby while there is none). */
  Client: typeof pg.Client
  /** A pool's connection was lost: if it was to the primary, look for the primary again. */
  connectionLost(client: unknown): void
}

type Role = 'primary' | 'standby' | 'down'

const isStandby = async (client: pg.Client) =>
  Boolean((await client.query('select pg_is_in_recovery() as standby')).rows[0].standby)

/** What the server at `url` is now: the primary, a standby, or not answering within a second. */
async function roleOf(url: string): Promise<Role> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000, query_timeout: 1000 })
  client.on('error', () => {})
  try {
    await client.connect()
    return (await isStandby(client)) ? 'standby' : 'primary'
  } catch {
    return 'down'
  } finally {
    client.end().catch(() => {})
  }
}

/** A promise and what settles it (Node 20 has no Promise.withResolvers). */
function signal() {
  let resolve = () => {}
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits for `promise`, or `ms` at most; the timer is cleared either way. */
async function atMost(promise: Promise<void>, ms: number) {
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))])
  } finally {
    clearTimeout(timer)
  }
}

/** Where a URL's host is, for node-postgres' client (which reads `host` and `port` as it connects). */
function addressOf(url: string) {
  const parsed = new URL(url.replace(/^postgres(ql)?:/, 'http:'))
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(parsed.port || 5432) }
}

/** The primary of `url`'s hosts; with one host, that host, and pg's own client unchanged. */
export function locatePrimary(url: string, options: { giveUpMs?: number; pauseMs?: number } = {}): Primary {
  const urls = hostUrls(url)
  if (urls.length === 1) {
    return { url, failover: false, current: () => url, Client: pg.Client, connectionLost: () => {} }
  }
  const addresses = urls.map(addressOf)
  const giveUpMs = options.giveUpMs ?? 60_000
  const pauseMs = options.pauseMs ?? 200
  let primary = 0
  /** A standby that answered in the search going on: where new connections read meanwhile. */
  let standby = -1
  /** Whether the hosts are being asked which is the primary now. */
  let searching = false
  /** Settles after each round of the search: a connection waits for one, not for the whole search. */
  let round = signal()
  const toStandby = new Set<PrimaryClient>()

  /** Asks the other hosts first, then the last primary again, round after round, until one takes writes. */
  async function find() {
    searching = true
    const deadline = Date.now() + giveUpMs
    try {
      while (Date.now() < deadline) {
        let answered = -1
        for (let step = 1; step <= urls.length; step++) {
          const candidate = (primary + step) % urls.length
          const role = await roleOf(urls[candidate])
          if (role === 'primary') return found(candidate)
          if (role === 'standby' && answered < 0) answered = candidate
        }
        standby = answered
        round.resolve()
        round = signal()
        await sleep(pauseMs)
      }
    } finally {
      // Before the waiters wake: they find the search over, and the primary if it was found.
      searching = false
      round.resolve()
      round = signal()
    }
  }
  function found(index: number) {
    primary = index
    standby = -1
    // The connections made to a standby meanwhile are cut (their next query fails, and the pool
    // replaces them), but for those to the standby that has just become the primary.
    for (const client of toStandby) if (client.index !== index) client.cut()
    toStandby.clear()
  }
  function relocate() {
    if (!searching) void find()
  }
  /** A connection to host `index` failed or found a standby: unless the primary moved already, look for it. */
  function lost(index: number) {
    if (index === primary) relocate()
  }
  /** Where a new connection goes: the primary, or while it is looked for, a standby after one round at most. */
  async function destination(): Promise<{ index: number; reading: boolean }> {
    if (searching) await atMost(round.promise, 1000)
    if (!searching) return { index: primary, reading: false }
    if (standby >= 0) return { index: standby, reading: true }
    throw new NotPrimaryError('no PostgreSQL host answers now')
  }

  class PrimaryClient extends pg.Client {
    index = primary
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionString: urls[primary] })
    }
    override connect(): Promise<pg.Client>
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void
    // biome-ignore lint/suspicious/noExplicitAny: pg's two callback shapes (error alone, or null and the client)
    override connect(callback?: (err: any, c?: any) => void): Promise<pg.Client> | undefined {
      const connected = this.connectToPrimary()
      if (!callback) return connected
      connected.then(
        (client) => callback(null, client),
        (error: Error) => callback(error, this),
      )
      return undefined
    }
    private async connectToPrimary() {
      const { index, reading } = await destination()
      this.index = index
      Object.assign(this, addresses[index])
      try {
        await super.connect()
      } catch (error) {
        lost(index)
        throw error
      }
      if (reading) {
        toStandby.add(this)
        this.once('end', () => toStandby.delete(this))
        return this
      }
      if (await isStandby(this)) {
        lost(index)
        await this.end().catch(() => {})
        throw new NotPrimaryError(`${urls[index]} is a standby now, not the primary`)
      }
      return this
    }
    /** Ends the connection under whatever uses it: its pool drops it. */
    cut() {
      ;(this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
    }
  }
  return {
    url,
    failover: true,
    current: () => urls[primary],
    Client: PrimaryClient,
    connectionLost: (client) => {
      if (client instanceof PrimaryClient && !toStandby.has(client)) lost(client.index)
    },
  }
}

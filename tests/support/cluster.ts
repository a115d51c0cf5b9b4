// A cluster for the fault tests and the benchmarks (ADR 22): PostgreSQL, Redis, two app nodes (tests/support/api-node.ts,
// the signals of server/main.ts) and nginx on exactly deploy/nginx/dating.conf, each a real process
// started here on loopback, stopped, killed and started again by the tests.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Database, openDatabase } from '#server/db/client.ts'

export const PG_BIN = '/usr/lib/postgresql/15/bin'
const ROOT = path.resolve(import.meta.dirname, '../..')
const NGINX_CONF = path.join(ROOT, 'deploy/nginx/dating.conf')
export const METRICS_TOKEN = 'faults-metrics-token-0123456789'

/** What the cluster needs on this machine; the suite says which is missing instead of running. */
export function missingPrograms(): string[] {
  const missing: string[] = []
  if (!existsSync(`${PG_BIN}/postgres`)) missing.push('PostgreSQL 15 (postgresql)')
  if (spawnSync('redis-server', ['--version']).status !== 0) missing.push('redis-server')
  if (spawnSync('nginx', ['-v']).status !== 0) missing.push('nginx')
  if (!existsSync(path.join(ROOT, 'build/client/assets'))) missing.push('the build (npm run build)')
  return missing
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `check` every 100 ms until it answers true; fails after `ms`. */
export async function waitFor(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<number> {
  const start = Date.now()
  while (Date.now() - start < ms) {
    if (await check().catch(() => false)) return Date.now() - start
    await sleep(100)
  }
  throw new Error(`${what}: not within ${ms} ms`)
}

const asPostgres = process.getuid?.() === 0
/** PostgreSQL refuses to run as root: as root its commands run as the postgres user. */
function pgCommand(command: string) {
  const result = asPostgres
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { encoding: 'utf8' })
    : spawnSync('/bin/sh', ['-c', command], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command}: ${result.stderr || result.stdout}`)
}

export class PostgresServer {
  readonly url: string
  readonly dir: string
  readonly port: number
  constructor(dir: string, port: number) {
    this.dir = dir
    this.port = port
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`
  }
  /**
   * A server of its own in `dir`/pg, started: a new cluster (initdb), or a copy of `template`, the
   * folder of a stopped cluster whose database is migrated already (tests/faults/template.ts).
   */
  static async create(dir: string, template?: string) {
    const server = new PostgresServer(path.join(dir, 'pg'), await freePort())
    // The postgres user must reach its folder inside `dir` (mkdtemp makes it 700).
    if (asPostgres) spawnSync('chmod', ['755', dir])
    if (template) {
      const copied = spawnSync('cp', ['-a', template, server.dir], { encoding: 'utf8' })
      if (copied.status !== 0) throw new Error(`cp -a ${template}: ${copied.stderr}`)
    } else {
      mkdirSync(server.dir)
      if (asPostgres) chownSync(server.dir, ...postgresIds())
      pgCommand(
        `${PG_BIN}/initdb -D ${server.dir} -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null`,
      )
    }
    server.start()
    return server
  }
  /**
   * A streaming replica of `primary` in `dir`/pg (issue 62): a base backup that follows it
   * (pg_basebackup -R: standby.signal and the primary's address), started.
   */
  static async replicaOf(primary: PostgresServer, dir: string) {
    const server = new PostgresServer(path.join(dir, 'pg'), await freePort())
    if (asPostgres) spawnSync('chmod', ['755', dir])
    mkdirSync(server.dir, { mode: 0o700 })
    if (asPostgres) chownSync(server.dir, ...postgresIds())
    pgCommand(
      `${PG_BIN}/pg_basebackup -h 127.0.0.1 -p ${primary.port} -U postgres -D ${server.dir} -R -X stream -c fast`,
    )
    server.start()
    return server
  }
  /**
   * A streaming replica of `primary` that `primary` then waits for at every commit
   * (synchronous_standby_names '*', as pg_auto_failover's quorum of one standby): issue 62.
   */
  static async syncStandbyOf(primary: PostgresServer, dir: string) {
    const standby = await PostgresServer.replicaOf(primary, dir)
    primary.psql("alter system set synchronous_standby_names = '*'")
    primary.psql('select pg_reload_conf()')
    await waitFor('the standby synchronous', async () =>
      ['sync', 'quorum'].includes(primary.psql('select sync_state from pg_stat_replication')),
    )
    return standby
  }
  /** A query through psql, as the server's own user: its rows, one a line. */
  psql(query: string): string {
    const result = spawnSync(
      `${PG_BIN}/psql`,
      ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-Atc', query],
      {
        encoding: 'utf8',
      },
    )
    if (result.status !== 0) throw new Error(`psql: ${result.stderr}`)
    return result.stdout.trim()
  }
  start() {
    const options = `-c listen_addresses=127.0.0.1 -p ${this.port} -k ${this.dir} -c fsync=off -c max_connections=200`
    pgCommand(`${PG_BIN}/pg_ctl -D ${this.dir} -o '${options}' -l ${this.dir}/log -w start >/dev/null`)
  }
  /** A fast shutdown: connections are cut (57P01), as in a restart or a failover. */
  stop() {
    pgCommand(`${PG_BIN}/pg_ctl -D ${this.dir} -m fast -w stop >/dev/null`)
  }
  kill() {
    try {
      pgCommand(`${PG_BIN}/pg_ctl -D ${this.dir} -m immediate stop >/dev/null`)
    } catch {}
  }
}

function postgresIds(): [number, number] {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim())
  return [id('-u'), id('-g')]
}

export class RedisServer {
  process: ChildProcess | null = null
  readonly port: number
  constructor(port: number) {
    this.port = port
  }
  get url() {
    return `redis://127.0.0.1:${this.port}`
  }
  async start() {
    this.process = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    )
    await waitFor('redis', async () =>
      spawnSync('redis-cli', ['-p', String(this.port), 'ping'])
        .stdout?.toString()
        .includes('PONG'),
    )
  }
  async stop() {
    const child = this.process
    if (!child) return
    const gone = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await gone
    this.process = null
  }
}

export class AppNode {
  process: ChildProcess | null = null
  exited: Promise<number | null> = Promise.resolve(null)
  readonly name: string
  readonly port: number
  readonly env: Record<string, string>
  constructor(name: string, port: number, env: Record<string, string>) {
    this.name = name
    this.port = port
    this.env = env
  }
  get base() {
    return `http://127.0.0.1:${this.port}`
  }
  async start() {
    const child = spawn(process.execPath, ['tests/support/api-node.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    this.process = child
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
    await waitFor(`node ${this.name}`, async () => (await fetch(`${this.base}/readyz`)).ok, 60_000)
  }
  /** What the node's metrics say (GET /metrics with the token), as text. */
  async metrics(): Promise<string> {
    const res = await fetch(`${this.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    return res.text()
  }
  async sockets(): Promise<number> {
    const line = (await this.metrics()).split('\n').find((l) => l.startsWith('websocket_connections'))
    return Number(line?.split(' ').pop() ?? 0)
  }
  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    this.process?.kill(signal)
    const code = await this.exited
    this.process = null
    return code
  }
}

export class Nginx {
  process: ChildProcess | null = null
  readonly dir: string
  readonly port: number
  constructor(dir: string, port: number) {
    this.dir = dir
    this.port = port
  }
  get base() {
    return `http://localhost:${this.port}`
  }
  /** The test's own nginx.conf (pid, logs, temp files in its folder) including deploy/nginx/dating.conf. */
  static async create(dir: string, port: number, nodes: AppNode[]) {
    const nginx = new Nginx(path.join(dir, 'nginx'), port)
    mkdirSync(path.join(nginx.dir, 'dating.d'), { recursive: true })
    nginx.writeNodes(nodes)
    writeFileSync(
      path.join(nginx.dir, 'dating.d/site.conf'),
      `listen 127.0.0.1:${nginx.port};\nserver_name localhost;\nroot ${ROOT}/build/client;\n`,
    )
    const temp = (name: string) => `${name}_temp_path ${nginx.dir}/${name};`
    writeFileSync(
      path.join(nginx.dir, 'nginx.conf'),
      [
        process.getuid?.() === 0 ? 'user root;' : '',
        'worker_processes 1;',
        'daemon off;',
        `pid ${nginx.dir}/nginx.pid;`,
        `error_log ${nginx.dir}/error.log warn;`,
        'events { worker_connections 4096; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  access_log off;',
        `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
        `  include ${NGINX_CONF};`,
        '}',
      ].join('\n'),
    )
    const check = spawnSync('nginx', ['-t', '-p', nginx.dir, '-c', path.join(nginx.dir, 'nginx.conf')], {
      encoding: 'utf8',
    })
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`)
    nginx.process = spawn('nginx', ['-p', nginx.dir, '-c', path.join(nginx.dir, 'nginx.conf')], {
      stdio: 'inherit',
    })
    await waitFor('nginx', async () => (await fetch(`${nginx.base}/healthz`)).ok)
    return nginx
  }
  /** dating.d/nodes.conf: one line per node, `down` for those taken out. */
  writeNodes(nodes: AppNode[], down: AppNode[] = []) {
    const servers = nodes.map(
      (n) => `server 127.0.0.1:${n.port} max_fails=1 fail_timeout=5s${down.includes(n) ? ' down' : ''};`,
    )
    writeFileSync(path.join(this.dir, 'dating.d/nodes.conf'), `${servers.join('\n')}\n`)
  }
  /** nginx -s reload, as the production guide says, and the moment its new workers take over. */
  async reload() {
    const conf = path.join(this.dir, 'nginx.conf')
    const result = spawnSync('nginx', ['-p', this.dir, '-c', conf, '-s', 'reload'], { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`nginx -s reload: ${result.stderr}`)
    await sleep(500)
  }
  stop() {
    this.process?.kill('SIGQUIT')
  }
}

export interface Cluster {
  dir: string
  pg: PostgresServer
  /** Null for a cluster whose nodes share events through PostgreSQL's NOTIFY alone (ADR 22). */
  redis: RedisServer | null
  nodes: [AppNode, AppNode]
  nginx: Nginx
  /** The test's own connection to the cluster's database, to set up members and read what was stored. */
  database: Database
  close(): Promise<void>
}

/** Starts a cluster; its PostgreSQL a copy of `template` (a stopped, migrated cluster's folder) if given. */
export async function startCluster(template?: string, options: { redis?: boolean } = {}): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dating-faults-'))
  const pg = await PostgresServer.create(dir, template)
  const apps = await startApps(dir, { DATABASE_URL: pg.url }, options)
  const database = await openDatabase({ url: pg.url })
  return {
    ...apps,
    dir,
    pg,
    database,
    async close() {
      await database.close().catch(() => {})
      await apps.close()
      pg.kill()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/**
 * Redis (unless `redis` is false), two app nodes on the database `databaseEnv` names (DATABASE_URL,
 * DATABASE_READ_URLS…) and nginx in front of them, in `dir`.
 */
export async function startApps(
  dir: string,
  databaseEnv: Record<string, string>,
  options: { redis?: boolean } = {},
): Promise<Pick<Cluster, 'redis' | 'nodes' | 'nginx' | 'close'>> {
  const redis = options.redis === false ? null : new RedisServer(await freePort())
  await redis?.start()
  const ports = [await freePort(), await freePort(), await freePort()]
  const nginxPort = ports[2]
  const env = {
    NODE_ENV: 'production',
    ...databaseEnv,
    ...(redis ? { REDIS_URL: redis.url } : {}),
    DATA_DIR: path.join(dir, 'data'),
    PUBLIC_URL: `http://localhost:${nginxPort}`,
    TRUST_PROXY: '127.0.0.1',
    PAYMENTS: 'sandbox',
    MAIL: 'outbox',
    LOG_LEVEL: 'fatal',
    METRICS_TOKEN,
    SIGNUP_LIMIT_PER_HOUR: '100000',
  }
  const nodes: [AppNode, AppNode] = [new AppNode('A', ports[0], env), new AppNode('B', ports[1], env)]
  // One after the other: the first applies the migrations.
  await nodes[0].start()
  await nodes[1].start()
  const nginx = await Nginx.create(dir, nginxPort, nodes)
  return {
    redis,
    nodes,
    nginx,
    async close() {
      if (process.env.FAULTS_DEBUG) console.log(readFileSync(path.join(nginx.dir, 'error.log'), 'utf8'))
      for (const node of nodes) node.process?.kill('SIGKILL')
      nginx.stop()
      await redis?.stop()
    },
  }
}

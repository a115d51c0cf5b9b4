// A cluster for the fault tests and the benchmarks (ADR 22): PostgreSQL, Redis, two app nodes (tests/support/api-node.ts,
// the signals of server/main.ts) and nginx on exactly deploy/nginx/dating.conf, each a real process
// started here on loopback, stopped, killed and started again by the tests.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Database, openDatabase } from '#server/db/client.ts'
import { NODE_FLAGS } from '#server/node-flags.ts'
import { freePort, PostgresServer, RedisServer, ROOT, sleep, waitFor } from './cluster.ts'

const NGINX_CONF = path.join(ROOT, 'deploy/nginx/dating.conf')
const METRICS_TOKEN = 'faults-metrics-token-0123456789'

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
  /** Started as a production node starts, with its flags (server/node-flags.ts). */
  async start() {
    const child = spawn(process.execPath, [...NODE_FLAGS, 'tests/support/api-node.ts'], {
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
  /** What nginx logged of its upstreams (refused, reset, closed early): said beside a failed check. */
  upstreamErrors(): string {
    const log = existsSync(path.join(this.dir, 'error.log'))
      ? readFileSync(path.join(this.dir, 'error.log'), 'utf8')
      : ''
    return log
      .split('\n')
      .filter((line) => line.includes('upstream'))
      .join('\n')
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

// A PostgreSQL cluster under pg_auto_failover (issue 62; ADR 39) for the fault tests: its monitor and
// a keeper for each data node, real processes started here on loopback, one node killed with kill -9
// and started again by the tests. The first node is a copy of the migrated template, so no test runs
// the migrations; the others are base backups of it made by their keepers.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { freePort, PG_BIN, waitFor } from './cluster.ts'

const asRoot = process.getuid?.() === 0
/** PostgreSQL refuses to run as root: as root, pg_autoctl and its servers run as the postgres user. */
const postgresUser = () => {
  if (!asRoot) return {}
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim())
  return { uid: id('-u'), gid: id('-g') }
}

/** Whether pg_auto_failover is on this machine (Debian's postgresql-15-auto-failover). */
export const hasAutoFailover = () => spawnSync('pg_autoctl', ['--version']).status === 0

/**
 * The monitor's health checks, tightened from their defaults (5 s a check, 20 s before a node is
 * unhealthy, 30 s for an old primary to step down) to a drill's scale: the monitor decides within
 * about 3 s and the standby takes writes within about 7 s of the primary's death.
 */
const MONITOR_SETTINGS = {
  'pgautofailover.health_check_period': 500,
  'pgautofailover.health_check_timeout': 500,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 250,
  'pgautofailover.node_considered_unhealthy_timeout': 1500,
  'pgautofailover.primary_demote_timeout': 2000,
}

/** What a data node's server runs with, beside pg_auto_failover's own settings (copied to the standbys). */
const NODE_SETTINGS = "shared_buffers = '128MB'\nfsync = off\nmax_connections = 200\n"

export class AutoFailoverNode {
  process: ChildProcess | null = null
  readonly cluster: AutoFailover
  readonly name: string
  readonly port: number
  constructor(cluster: AutoFailover, name: string, port: number) {
    this.cluster = cluster
    this.name = name
    this.port = port
  }
  get pgdata() {
    return path.join(this.cluster.dir, this.name)
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`
  }
  /** Its keeper (`pg_autoctl run`), which starts its server and follows the monitor. */
  run() {
    this.process = this.cluster.autoctl(['run', '--pgdata', this.pgdata], `${this.name}.log`)
  }
  /** The node dies at once: its keeper, its server and every process of either, with SIGKILL. */
  kill() {
    killTree(this.process, this.pgdata)
    this.process = null
  }
}

/** Every process under `pid` (pg_autoctl's services start their own sessions, so a group is not enough). */
function descendants(pid: number): number[] {
  const rows = spawnSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
  const found: number[] = []
  for (let queue = [pid]; queue.length > 0; ) {
    const parent = queue.shift() as number
    for (const [child, of] of rows) {
      if (of === parent) {
        found.push(child)
        queue.push(child)
      }
    }
  }
  return found
}

/**
 * SIGKILL, all at once, to a keeper (or the monitor's pg_autoctl) and everything under it, and to
 * the server of `pgdata` and its processes: found before any dies, since a process whose parent
 * died is no longer under it (the monitor's health-check worker outlives its postmaster).
 */
function killTree(child: ChildProcess | null, pgdata: string) {
  const pids = child?.pid ? [child.pid, ...descendants(child.pid)] : []
  const pidFile = path.join(pgdata, 'postmaster.pid')
  if (existsSync(pidFile)) {
    const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
    if (postmaster > 0) pids.push(postmaster, ...descendants(postmaster))
  }
  for (const pid of new Set(pids)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {}
  }
}

export class AutoFailover {
  readonly nodes: AutoFailoverNode[] = []
  private monitorProcess: ChildProcess | null = null
  readonly dir: string
  readonly monitorPort: number
  private constructor(dir: string, monitorPort: number) {
    this.dir = dir
    this.monitorPort = monitorPort
  }

  get monitorUrl() {
    return `postgres://autoctl_node@127.0.0.1:${this.monitorPort}/pg_auto_failover?sslmode=disable`
  }
  /** The URL the app nodes get: every data node, the one taking writes found by the app (db/primary.ts). */
  get url() {
    const hosts = this.nodes.map((n) => `127.0.0.1:${n.port}`).join(',')
    return `postgres://postgres@${hosts}/postgres?target_session_attrs=read-write`
  }

  /** `pg_autoctl` with `args`, as the postgres user, in its own process group, its output to `log`. */
  autoctl(args: string[], log: string): ChildProcess {
    const out = path.join(this.dir, 'logs', log)
    const child = spawn('pg_autoctl', args, {
      ...postgresUser(),
      cwd: this.dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PATH: `${PG_BIN}:${process.env.PATH}`,
        XDG_CONFIG_HOME: path.join(this.dir, 'config'),
        XDG_DATA_HOME: path.join(this.dir, 'data'),
        XDG_RUNTIME_DIR: path.join(this.dir, 'run'),
        PGHOST: '127.0.0.1',
      },
    })
    const write = (chunk: Buffer) => {
      // A process killed at the end may still flush its output after the folder is gone.
      try {
        appendFileSync(out, chunk)
      } catch {}
    }
    child.stdout?.on('data', write)
    child.stderr?.on('data', write)
    return child
  }
  private async autoctlOnce(args: string[], log: string) {
    const child = this.autoctl(args, log)
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    if (code !== 0) throw new Error(`pg_autoctl ${args[0]} ${args[1]}: exit ${code}\n${this.log(log)}`)
  }
  log(name: string) {
    const file = path.join(this.dir, 'logs', name)
    return existsSync(file) ? readFileSync(file, 'utf8').slice(-4000) : ''
  }

  /**
   * A monitor, a first node made from `template` (a stopped, migrated cluster's folder) and
   * `standbys` more, each a standby the monitor made synchronous; answers once all report their state.
   */
  static async create(dir: string, template: string, standbys = 1): Promise<AutoFailover> {
    mkdirSync(dir, { recursive: true })
    const cluster = new AutoFailover(dir, await freePort())
    try {
      await cluster.start(template, standbys)
    } catch (error) {
      // Nothing it started outlives a failed start.
      await cluster.close()
      throw error
    }
    return cluster
  }
  private async start(template: string, standbys: number) {
    const dir = this.dir
    for (const sub of ['logs', 'config', 'data', 'run']) mkdirSync(path.join(dir, sub), { recursive: true })
    if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir])
    chmodSync(dir, 0o755)
    await this.autoctlOnce(
      [
        'create',
        'monitor',
        '--pgdata',
        path.join(dir, 'monitor'),
        '--pgport',
        String(this.monitorPort),
      ].concat(['--auth', 'trust', '--no-ssl', '--hostname', '127.0.0.1', '--listen', '127.0.0.1']),
      'monitor-create.log',
    )
    this.monitorProcess = this.autoctl(['run', '--pgdata', path.join(dir, 'monitor')], 'monitor.log')
    await waitFor('the monitor', async () => this.monitor('select 1') === '1', 30_000)
    for (const [name, value] of Object.entries(MONITOR_SETTINGS))
      this.monitor(`alter system set ${name} = ${value}`)
    this.monitor('select pg_reload_conf()')

    const first = new AutoFailoverNode(this, 'node1', await freePort())
    spawnSync('cp', ['-a', template, first.pgdata])
    if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', first.pgdata])
    chmodSync(first.pgdata, 0o700)
    // The template's server wrote its output to a file `log`; pg_auto_failover's logs go to a folder of that name.
    rmSync(path.join(first.pgdata, 'log'), { force: true })
    appendFileSync(path.join(first.pgdata, 'postgresql.auto.conf'), NODE_SETTINGS)
    await this.autoctlOnce(this.createArgs(first), 'node1-create.log')
    this.nodes.push(first)
    first.run()
    await this.waitForStates({ node1: 'single' })
    for (let n = 2; n <= standbys + 1; n++) {
      const node = new AutoFailoverNode(this, `node${n}`, await freePort())
      this.nodes.push(node)
      node.process = this.autoctl([...this.createArgs(node), '--run'], `${node.name}.log`)
    }
    await this.waitForStates(
      Object.fromEntries(this.nodes.map((n, i) => [n.name, i === 0 ? 'primary' : 'secondary'])),
      90_000,
    )
  }
  private createArgs(node: AutoFailoverNode) {
    return ['create', 'postgres', '--pgdata', node.pgdata, '--pgport', String(node.port), '--name', node.name]
      .concat(['--monitor', this.monitorUrl, '--auth', 'trust', '--no-ssl'])
      .concat(['--hostname', '127.0.0.1', '--listen', '127.0.0.1'])
  }

  /** A query on the monitor's database, through psql: its rows, one a line. */
  monitor(query: string): string {
    const result = spawnSync(
      `${PG_BIN}/psql`,
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(this.monitorPort),
        '-U',
        'postgres',
        '-d',
        'pg_auto_failover',
        '-Atc',
        query,
      ],
      { encoding: 'utf8' },
    )
    if (result.status !== 0) throw new Error(`psql on the monitor: ${result.stderr}`)
    return result.stdout.trim()
  }
  /** Each node's state as it last reported it to the monitor. */
  states(): Record<string, string> {
    const rows = this.monitor('select nodename, reportedstate from pgautofailover.node order by nodeid')
    return Object.fromEntries(rows.split('\n').map((line) => line.split('|')))
  }
  async waitForStates(expected: Record<string, string>, ms = 30_000) {
    try {
      return await waitFor(
        `states ${JSON.stringify(expected)}`,
        async () => Object.entries(expected).every(([name, state]) => this.states()[name] === state),
        ms,
      )
    } catch (error) {
      throw new Error(`${(error as Error).message}; now ${JSON.stringify(this.states())}`)
    }
  }
  node(name: string): AutoFailoverNode {
    const node = this.nodes.find((n) => n.name === name)
    if (!node) throw new Error(`no node ${name}`)
    return node
  }

  async close() {
    for (const node of this.nodes) node.kill()
    killTree(this.monitorProcess, path.join(this.dir, 'monitor'))
    this.monitorProcess = null
  }
}

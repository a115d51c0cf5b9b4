// The servers of the fault tests and the benchmarks (ADR 22): PostgreSQL (a primary, a replica of it)
// and Redis, each a real process started here on loopback, stopped, killed and started again by the
// tests. The app nodes and nginx in front of them: app-cluster.ts.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

export const PG_BIN = '/usr/lib/postgresql/15/bin'
export const ROOT = path.resolve(import.meta.dirname, '../..')

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

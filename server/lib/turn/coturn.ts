import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createSocket } from 'node:dgram'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TurnRelay } from './credentials.ts'

/**
 * The peers a relay never sends to (issue 59): private, loopback, link-local, shared and unique-local
 * addresses, so that a member cannot use the relay to reach the machines behind it.
 */
const DENIED_PEERS = [
  '0.0.0.0-0.255.255.255',
  '10.0.0.0-10.255.255.255',
  '100.64.0.0-100.127.255.255',
  '127.0.0.0-127.255.255.255',
  '169.254.0.0-169.254.255.255',
  '172.16.0.0-172.31.255.255',
  '192.168.0.0-192.168.255.255',
  '::1',
  'fc00::-fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  'fe80::-febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
]

interface CoturnOptions {
  /** The address it listens and relays on. */
  host: string
  port: number
  secret: string
  realm: string
  /**
   * One machine only (the demo, the tests): the relay may send to its own address on the loopback,
   * and to no other loopback address.
   */
  selfOnly?: boolean
  /** The relay ports' range. */
  minPort?: number
  maxPort?: number
}

/** coturn's configuration (docs/production.md shows a deployment's): time-limited credentials, no private peers. */
export function coturnConfig(o: CoturnOptions): string {
  return [
    `listening-ip=${o.host}`,
    `relay-ip=${o.host}`,
    `listening-port=${o.port}`,
    `min-port=${o.minPort ?? 49160}`,
    `max-port=${o.maxPort ?? 49400}`,
    'fingerprint',
    'use-auth-secret',
    `static-auth-secret=${o.secret}`,
    `realm=${o.realm}`,
    'no-multicast-peers',
    ...DENIED_PEERS.map((range) => `denied-peer-ip=${range}`),
    ...(o.selfOnly ? ['allow-loopback-peers', `allowed-peer-ip=${o.host}`] : []),
    'no-tls',
    'no-dtls',
    'no-cli',
    'no-software-attribute',
    'stale-nonce=600',
    'simple-log',
  ].join('\n')
}

/** Whether coturn is installed here (Debian's package). */
export function coturnInstalled(): boolean {
  return spawnSync('turnserver', ['--version'], { stdio: 'ignore' }).error === undefined
}

/** A STUN binding request answered: the relay listens. */
function stunAnswers(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4')
    const request = Buffer.alloc(20)
    request.writeUInt16BE(0x0001, 0)
    request.writeUInt32BE(0x2112a442, 4)
    randomBytes(12).copy(request, 8)
    const timer = setTimeout(() => finish(false), timeoutMs)
    const finish = (ok: boolean) => {
      clearTimeout(timer)
      socket.close()
      resolve(ok)
    }
    socket.on('message', (message) => finish(message.readUInt16BE(0) === 0x0101))
    socket.on('error', () => finish(false))
    socket.send(request, port, host)
  })
}

export interface RunningCoturn {
  relay: TurnRelay
  process: ChildProcess
  /** The relay's log, for a test that reads why it refused. */
  logFile: string
  stop(): Promise<void>
}

/** Starts coturn with coturnConfig and waits until it answers; stops it with the returned handle. */
export async function startCoturn(options: Omit<CoturnOptions, 'secret' | 'realm'> & { secret?: string }) {
  const secret = options.secret ?? randomBytes(24).toString('hex')
  const dir = mkdtempSync(path.join(tmpdir(), 'coturn-'))
  const configFile = path.join(dir, 'turnserver.conf')
  const logFile = path.join(dir, 'turn.log')
  writeFileSync(
    configFile,
    `${coturnConfig({ ...options, secret, realm: 'lunadate' })}\nlog-file=${logFile}\n`,
  )
  const child = spawn('turnserver', ['-c', configFile, '--no-stdout-log'], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let up = false
  for (let i = 0; i < 50 && !up && child.exitCode === null; i++)
    up = await stunAnswers(options.host, options.port, 200)
  if (!up) {
    child.kill('SIGKILL')
    throw new Error(`coturn did not start on ${options.host}:${options.port} (log: ${logFile})`)
  }
  return {
    relay: { urls: [`turn:${options.host}:${options.port}?transport=udp`], secret },
    process: child,
    logFile,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      rmSync(dir, { recursive: true, force: true })
    },
  } satisfies RunningCoturn
}

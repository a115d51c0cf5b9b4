import { createECDH, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Agent, createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:tls'
import type { FastifyInstance } from 'fastify'
import ece from 'http_ece'
import { expect } from 'vitest'
import type { activeMember } from './accounts.ts'
import { memberRequest } from './requests.ts'

// A push service of our own for the web push tests: HTTPS at Firebase's name (subscriptions are
// taken at real push services only, common/push-services.ts), reached through the agent the app is
// given, as DNS would reach Firebase. It answers 201, or 410 for an endpoint under /gone/.

type Member = Awaited<ReturnType<typeof activeMember>>
export interface Received {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

const cert = readFileSync(new URL('./tls/push-service.crt', import.meta.url))
const key = readFileSync(new URL('./tls/push-service.key', import.meta.url))

/** Pushes leave after the request (or the sweep) has answered: wait until the service has them. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

export async function startPushService() {
  const received: Received[] = []
  const server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) })
      response.writeHead(request.url?.includes('/gone/') ? 410 : 201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const base = 'https://fcm.googleapis.com/fcm/send'
  const agent = new Agent({ ca: cert })
  agent.createConnection = (options) =>
    connect({ ...(options as object), host: '127.0.0.1', port, ca: cert, servername: 'fcm.googleapis.com' })

  /** A browser's push subscription: its own P-256 key pair and auth secret, at this service. */
  async function subscribe(app: FastifyInstance, member: Member, status: 'ok' | 'gone' = 'ok') {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const auth = randomBytes(16)
    const endpoint = `${base}/${status}/${randomBytes(8).toString('hex')}`
    const res = await memberRequest(app, member, 'POST', '/api/user.php?push=1', {
      subscription: {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
    })
    expect(res.statusCode).toBe(200)
    /** The pushes this subscription received, decrypted as the browser would. */
    const pushes = () =>
      received
        .filter((r) => r.path === new URL(endpoint).pathname)
        .map((r) => ({
          headers: r.headers,
          payload: JSON.parse(
            ece
              .decrypt(r.body, {
                version: 'aes128gcm',
                privateKey: ecdh,
                authSecret: auth.toString('base64url'),
              })
              .toString(),
          ),
        }))
    return { endpoint, pushes }
  }

  return {
    agent,
    port,
    received,
    subscribe,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

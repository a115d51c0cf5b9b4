import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createSocket, type Socket } from 'node:dgram'

// A TURN client of a few messages (RFC 5766 over RFC 5389), enough to ask a relay for an allocation
// and a permission the way a browser does, and to read its refusals: the relay tests' own, not a
// browser's, so that they can send what a browser never would (an expired name, a private peer).

const MAGIC = 0x2112a442
const ATTR = {
  username: 0x0006,
  integrity: 0x0008,
  errorCode: 0x0009,
  realm: 0x0014,
  nonce: 0x0015,
  xorPeer: 0x0012,
  transport: 0x0019,
} as const

function attribute(type: number, value: Buffer): Buffer {
  const padded = Buffer.alloc(4 + Math.ceil(value.length / 4) * 4)
  padded.writeUInt16BE(type, 0)
  padded.writeUInt16BE(value.length, 2)
  value.copy(padded, 4)
  return padded
}

function message(type: number, attributes: Buffer[], key: Buffer | null): Buffer {
  const body = Buffer.concat(attributes)
  const header = Buffer.alloc(20)
  header.writeUInt16BE(type, 0)
  header.writeUInt32BE(MAGIC, 4)
  randomBytes(12).copy(header, 8)
  if (!key) {
    header.writeUInt16BE(body.length, 2)
    return Buffer.concat([header, body])
  }
  // The integrity covers the message with its length already counting the integrity attribute.
  header.writeUInt16BE(body.length + 24, 2)
  const hmac = createHmac('sha1', key)
    .update(Buffer.concat([header, body]))
    .digest()
  return Buffer.concat([header, body, attribute(ATTR.integrity, hmac)])
}

function readAttributes(reply: Buffer): Map<number, Buffer> {
  const found = new Map<number, Buffer>()
  let at = 20
  while (at + 4 <= reply.length) {
    const type = reply.readUInt16BE(at)
    const length = reply.readUInt16BE(at + 2)
    found.set(type, reply.subarray(at + 4, at + 4 + length))
    at += 4 + Math.ceil(length / 4) * 4
  }
  return found
}

/** A relay's answer: success, or the error code it gave (401, 403…). */
interface Reply {
  ok: boolean
  code: number | null
  attributes: Map<number, Buffer>
}

function exchange(socket: Socket, host: string, port: number, request: Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the relay did not answer')), 3000)
    socket.once('message', (reply) => {
      clearTimeout(timer)
      const attributes = readAttributes(reply)
      const error = attributes.get(ATTR.errorCode)
      resolve({
        ok: (reply.readUInt16BE(0) & 0x0110) === 0x0100,
        code: error ? error[2] * 100 + error[3] : null,
        attributes,
      })
    })
    socket.send(request, port, host)
  })
}

function xorPeer(ip: string, port: number): Buffer {
  const value = Buffer.alloc(8)
  value.writeUInt8(0x01, 1)
  value.writeUInt16BE(port ^ (MAGIC >>> 16), 2)
  const address = ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0
  value.writeUInt32BE((address ^ MAGIC) >>> 0, 4)
  return value
}

/** One client's session with a relay: allocate with a credential, then ask for permissions. */
export async function turnSession(
  host: string,
  port: number,
  credential: { username: string; credential: string },
) {
  const socket = createSocket('udp4')
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const transport = attribute(ATTR.transport, Buffer.from([17, 0, 0, 0]))
  const challenge = await exchange(socket, host, port, message(0x0003, [transport], null))
  const realm = challenge.attributes.get(ATTR.realm) ?? Buffer.alloc(0)
  const nonce = challenge.attributes.get(ATTR.nonce) ?? Buffer.alloc(0)
  const key = createHash('md5')
    .update(`${credential.username}:${realm.toString()}:${credential.credential}`)
    .digest()
  const signed = (type: number, extra: Buffer[]) =>
    message(
      type,
      [
        ...extra,
        attribute(ATTR.username, Buffer.from(credential.username)),
        attribute(ATTR.realm, realm),
        attribute(ATTR.nonce, nonce),
      ],
      key,
    )
  const allocation = await exchange(socket, host, port, signed(0x0003, [transport]))
  return {
    allocation,
    /** Asks to relay to a peer (CreatePermission): the relay's answer. */
    permit: (ip: string, peerPort = 40_000) =>
      exchange(socket, host, port, signed(0x0008, [attribute(ATTR.xorPeer, xorPeer(ip, peerPort))])),
    close: () => socket.close(),
  }
}

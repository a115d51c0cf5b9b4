// The chat benchmark's ceiling (issue 40): a bare node:http + pg + ws server that does the work our
// node must do per message and nothing else — the same chat_send call in its own transaction (one
// statement), then one frame to the receiver's socket and the answer to the sender. No sessions,
// no validation, no batching, no events bus: what is left of our node's time beside it is ours.
// node bench/bare-chat.ts <port> <database url>; members are named by number (?user=, x-user).
import http from 'node:http'
import pg from 'pg'
import { type WebSocket, WebSocketServer } from 'ws'
import { FREE_CONVERSATIONS } from '../common/constants.ts'

const port = Number(process.argv[2])
// It keeps every connection it opened (no idle timeout): its rounds come after two of our node's,
// over 10 s, and a pool that closed them then paid for new ones at the start of its next round.
const pool = new pg.Pool({ connectionString: process.argv[3], max: 20, idleTimeoutMillis: 0 })
const sockets = new Map<number, Set<WebSocket>>()
const wss = new WebSocketServer({ noServer: true })

interface Sent {
  error?: string
  message?: Record<string, unknown>
  credits?: number
  fresh?: { partner_user_id: number } | null
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', async () => {
    try {
      const { profile, text, client_id } = JSON.parse(Buffer.concat(chunks).toString())
      const send = {
        sender: Number(req.headers['x-user']),
        client_id,
        profile,
        conversation: null,
        kind: 'text',
        text,
        gift: null,
        photo: null,
        price: 10,
        free_limit: FREE_CONVERSATIONS,
        at: new Date().toISOString(),
        flags: [],
        text_hash: null,
      }
      const { rows } = await pool.query<{ results: Sent[] }>({
        name: 'chat_send',
        text: 'select chat_send($1::jsonb) as results',
        values: [JSON.stringify([send])],
      })
      const sent = rows[0].results[0]
      if (sent.error) {
        res.writeHead(409, { 'content-type': 'application/json' }).end(JSON.stringify(sent))
        return
      }
      const frame = JSON.stringify({ type: 'message.created', message: sent.message })
      for (const socket of sockets.get(Number(sent.fresh?.partner_user_id)) ?? []) socket.send(frame)
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: sent.message, credits: sent.credits }))
    } catch (error) {
      res.writeHead(500).end(String(error))
    }
  })
})

server.on('upgrade', (req, socket, head) => {
  const user = Number(new URL(req.url ?? '/', 'http://bare').searchParams.get('user'))
  wss.handleUpgrade(req, socket, head, (ws) => {
    const own = sockets.get(user) ?? new Set()
    own.add(ws)
    sockets.set(user, own)
    ws.on('close', () => own.delete(ws))
  })
})

server.listen(port, '127.0.0.1', () => process.send?.('ready'))

// A process of idle members' pages for bench/sockets.ts: opens one WebSocket per session token in
// the JSON file argv[2] to argv[3] (200 at a time), answers the server's pings (ws does), says
// "open N" once all are open and "closed N" whenever one closes, and holds them until killed.
import { readFileSync } from 'node:fs'
import WebSocket from 'ws'

const tokens = JSON.parse(readFileSync(process.argv[2], 'utf8')) as string[]
const url = process.argv[3]
const origin = url.replace(/^ws/, 'http').replace(/\/api\/ws$/, '')
const sockets: WebSocket[] = []
let closed = 0

function open(token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { cookie: `auth.session=${token}`, origin } })
    socket.once('open', () => {
      sockets.push(socket)
      resolve()
    })
    socket.once('error', reject)
    socket.once('close', () => {
      closed++
      console.log(`closed ${closed}`)
    })
  })
}

let next = 0
await Promise.all(
  Array.from({ length: 200 }, async () => {
    while (next < tokens.length) await open(tokens[next++])
  }),
)
console.log(`open ${sockets.length}`)
setInterval(() => {}, 60_000)

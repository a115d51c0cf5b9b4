// A bare WebSocket echo server (the `ws` package): the ceiling the chat benchmark compares with.
import { WebSocketServer } from 'ws'

const port = Number(process.argv[2] ?? 3192)
const server = new WebSocketServer({ port, host: '127.0.0.1' })
server.on('connection', (socket) => {
  socket.on('message', (data) => socket.send(data))
})
server.on('listening', () => process.send?.('ready'))

// What a socket sends: a domain event as the browser's frame, and frames of one tick in one write.
import type { Socket } from 'node:net'
import type { WebSocket } from 'ws'
import type { DomainEvent } from '#server/lib/events.ts'

/** What the browser receives: the event without its addressee. */
export function toFrame(event: DomainEvent): string {
  const { userId: _userId, exceptTab: _exceptTab, noPush: _noPush, pushAbout: _pushAbout, ...frame } = event
  return JSON.stringify(frame)
}

/**
 * Sends a frame; the frames one socket gets in the same tick (a message and the unread count, a
 * message and the new balance) leave in one write: the connection is corked until the next tick.
 */
export function sendFrame(socket: WebSocket, frame: string) {
  // ws keeps its connection as `_socket`; corking it only batches writes, the frames stay the same.
  const connection = (socket as unknown as { _socket?: Socket })._socket
  if (connection && connection.writableCorked === 0) {
    connection.cork()
    process.nextTick(() => connection.uncork())
  }
  socket.send(frame)
}

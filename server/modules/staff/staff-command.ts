// `npm run staff -- create …` (scripts/staff.ts). On PostgreSQL, or on an embedded database no server
// holds, the command opens the database itself. While the server holds the embedded one (one process
// at a time may), the server takes the command on a Unix socket in its data directory: a newcomer
// makes the first admin without stopping the demo. The socket is the machine's user's alone (0600),
// as the database files beside it are.
import { rmSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '#server/lib/errors.ts'
import type { StaffService } from './staff.service.ts'

export const StaffCommand = z.object({
  command: z.literal('create'),
  email: z.string(),
  role: z.string(),
  password: z.string(),
})
export type StaffCommand = z.infer<typeof StaffCommand>

export type StaffCommandAnswer =
  | { ok: true; email: string; role: string; otpauthUrl: string }
  | { ok: false; code: string; values: Record<string, unknown> }

/** Who the audit log names for a staff account made from the command line. */
const COMMAND_LINE = { staffId: null, email: 'command line', role: 'cli', ip: null }

/** Runs a command: a refusal (an address taken, a short password) is an answer, not an exception. */
export async function runStaffCommand(staff: StaffService, input: StaffCommand): Promise<StaffCommandAnswer> {
  try {
    const { staff: created, otpauthUrl } = await staff.create(input, COMMAND_LINE)
    return { ok: true, email: created.email, role: created.role, otpauthUrl }
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code, values: error.values }
    throw error
  }
}

/** The command socket of a data directory (its path is resolved: the server and the command agree). */
export function staffSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'staff.sock')
}

/** A Unix socket's path fits in about 100 bytes; a longer data directory has no command socket. */
const MAX_SOCKET_PATH = 100

/**
 * Takes staff commands on the data directory's socket until the app closes. Only the process that
 * holds the embedded database calls it, so a socket file left there by a server that died is stale.
 */
export async function listenForStaffCommands(app: FastifyInstance, dataDir: string): Promise<void> {
  const file = staffSocketPath(dataDir)
  if (file.length > MAX_SOCKET_PATH) {
    app.log.warn(`No staff command socket: ${file} is too long a path; stop the server to run npm run staff`)
    return
  }
  const server = createServer((socket) => {
    let input = ''
    socket.setEncoding('utf8')
    socket.on('data', async (chunk) => {
      input += chunk
      if (input.length > 10_000) return socket.destroy()
      if (!input.includes('\n')) return
      const parsed = StaffCommand.safeParse(readJson(input.slice(0, input.indexOf('\n'))))
      const answer: StaffCommandAnswer = parsed.success
        ? await runStaffCommand(app.services.staff, parsed.data)
        : { ok: false, code: 'staff.command_invalid', values: {} }
      socket.end(`${JSON.stringify(answer)}\n`)
    })
    socket.on('error', () => {})
  })
  rmSync(file, { force: true })
  // Made 0600 as it is bound (the umask is the process's own, and listen() binds at once).
  const umask = process.umask(0o177)
  try {
    server.listen(file)
  } finally {
    process.umask(umask)
  }
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  app.addHook('onClose', async () => {
    await new Promise((resolve) => server.close(resolve))
    rmSync(file, { force: true })
  })
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Sends a command to the server holding the data directory; null when no server listens there. */
export function sendStaffCommand(dataDir: string, input: StaffCommand): Promise<StaffCommandAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(staffSocketPath(dataDir))
    let output = ''
    socket.setEncoding('utf8')
    socket.on('connect', () => socket.write(`${JSON.stringify(input)}\n`))
    socket.on('data', (chunk) => {
      output += chunk
    })
    socket.on('end', () => {
      try {
        resolve(JSON.parse(output) as StaffCommandAnswer)
      } catch {
        reject(new Error('The server answered the staff command with something unreadable'))
      }
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null)
      else reject(error)
    })
  })
}

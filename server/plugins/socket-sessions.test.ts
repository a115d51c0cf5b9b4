import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOCKET_SESSION_ENDED } from '#common/constants.ts'
import { activeMember } from '../../tests/support/accounts.ts'
import { lastMailTo, linkIn } from '../../tests/support/mail.ts'
import { connect, connectConsole, startNodes } from '../../tests/support/sockets.ts'
import { remote, staffMember } from '../../tests/support/staff.ts'
import { testEnv } from '../../tests/support/test-app.ts'
import { MAX_SOCKETS_PER_PERSON } from './socket-limits.ts'

// A socket ends with its session (issue 36, point 1): every way a session ends closes the sockets
// it no longer allows within a second, on every node, and a member holds a bounded number of them.

type Member = Awaited<ReturnType<typeof activeMember>>
type Socket = ReturnType<typeof connect>

const WITHIN_MS = 1000

async function opened(socket: Socket) {
  expect(await socket.opened).toBe(101)
  await socket.messages.next((f) => f.type === 'hello')
  return socket
}

/** The socket closes as a session's end closes it, within a second of `since`. */
async function expectEnded(socket: Socket, since: number) {
  const closed = await Promise.race([
    socket.closed,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
  ])
  expect(closed, 'the socket is still open').not.toBeNull()
  expect(closed?.code).toBe(SOCKET_SESSION_ENDED)
  expect((closed?.at ?? Number.POSITIVE_INFINITY) - since).toBeLessThan(WITHIN_MS)
}

/** The socket stays open: no frame may be missed after it. */
async function expectOpen(socket: Socket) {
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(socket.socket.readyState).toBe(socket.socket.OPEN)
}

const call = (app: FastifyInstance, cookie: string, method: string, url: string, payload?: object) =>
  app.inject({ method: method as 'GET', url, payload, headers: { cookie }, remoteAddress: remote() })

const login = async (app: FastifyInstance, m: Member) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user.php',
    payload: { email: m.email, password: m.password },
    remoteAddress: remote(),
  })
  return `auth.session=${res.cookies.find((c) => c.name === 'auth.session')?.value}`
}

describe('sockets that end with their session, one node', () => {
  let cluster: Awaited<ReturnType<typeof startNodes>>
  let app: FastifyInstance
  beforeAll(async () => {
    cluster = await startNodes(1, undefined)
    app = cluster.nodes[0]
  })
  afterAll(() => cluster.close())

  it('closes a member’s socket at logout, and only that session’s', async () => {
    const m = await activeMember(app, { name: 'Leaving' })
    const otherCookie = await login(app, m)
    const ending = await opened(connect(app, m))
    const staying = await opened(connect(app, { cookie: otherCookie }))
    const since = Date.now()
    expect((await call(app, m.cookie, 'GET', '/api/logout.php')).statusCode).toBe(200)
    await expectEnded(ending, since)
    await expectOpen(staying)
    staying.socket.close()
  })

  it('closes the other sessions’ sockets at a password change, and every one at a reset', async () => {
    const m = await activeMember(app, { name: 'Changing' })
    const otherCookie = await login(app, m)
    const own = await opened(connect(app, m))
    const other = await opened(connect(app, { cookie: otherCookie }))
    let since = Date.now()
    const changed = await call(app, m.cookie, 'PUT', '/api/password.php', {
      old_password: m.password,
      password: 'lantern-harbour-58',
      password_repeat: 'lantern-harbour-58',
    })
    expect(changed.statusCode).toBe(200)
    await expectEnded(other, since)
    await expectOpen(own)

    await app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      payload: { email: m.email },
      remoteAddress: remote(),
    })
    await app.services.passwords.idle()
    // The link's token is in the mail; the reset through it ends every session.
    const mail = await lastMailTo(app.database.db, m.email)
    const link = new URL(linkIn(mail?.text ?? '', '/reset-password/do'))
    since = Date.now()
    const reset = await app.inject({
      method: 'PUT',
      url: '/api/password-reset.php',
      payload: {
        token: link.searchParams.get('token'),
        password: 'meadow-copper-71',
        password_repeat: 'meadow-copper-71',
      },
      remoteAddress: remote(),
    })
    expect(reset.statusCode).toBe(200)
    await expectEnded(own, since)
  })

  it('closes every socket of a deleted account, and of a member banned or suspended', async () => {
    const deleting = await activeMember(app, { name: 'Deleting' })
    const socket = await opened(connect(app, deleting))
    let since = Date.now()
    const deleted = await call(app, deleting.cookie, 'DELETE', '/api/user.php', {
      reason: 'found_someone',
      password: deleting.password,
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    await expectEnded(socket, since)

    const moderator = await staffMember(app, 'moderator', () => new Date())
    for (const outcome of ['ban', 'suspend'] as const) {
      const reporter = await activeMember(app)
      const reported = await activeMember(app, { name: `Reported ${outcome}` })
      const theirs = await opened(connect(app, reported))
      const filed = await call(app, reporter.cookie, 'POST', '/api/complaints.php', {
        name: 'Reporter',
        email: reporter.email,
        reason: 'spam_scam',
        message: 'Asks everyone for money.',
        profile: reported.user.profile.id,
      })
      expect(filed.statusCode).toBe(201)
      since = Date.now()
      const decided = await call(app, moderator.cookie, 'POST', '/api/admin/report-decision.php', {
        report: filed.json().id,
        outcome,
        reason: 'Asking members for money breaks rule 4.',
        ...(outcome === 'suspend' ? { days: 7 } : {}),
        ...(outcome === 'ban' ? { confirm: true } : {}),
      })
      expect(decided.statusCode, decided.body).toBe(200)
      await expectEnded(theirs, since)
    }
  })

  it('closes a console socket when its staff member logs out, is disabled or given another role', async () => {
    const admin = await staffMember(app, 'admin', () => new Date())
    const operator = await staffMember(app, 'operator', () => new Date())
    const update = (staff: number, change: object) =>
      call(app, admin.cookie, 'PUT', '/api/admin/staff.php', { staff, reason: 'Role review.', ...change })
    const staffId = async (email: string) =>
      (await call(app, admin.cookie, 'GET', '/api/admin/staff.php'))
        .json()
        .staff.find((s: { email: string }) => s.email === email).id as number

    const loggingOut = await opened(connectConsole(app, operator))
    const adminSocket = await opened(connectConsole(app, admin))
    let since = Date.now()
    expect((await call(app, operator.cookie, 'POST', '/api/admin/logout.php')).statusCode).toBeLessThan(300)
    await expectEnded(loggingOut, since)
    await expectOpen(adminSocket)

    for (const change of [{ role: 'support' }, { status: 'disabled' }]) {
      const other = await staffMember(app, 'operator', () => new Date())
      const socket = await opened(connectConsole(app, other))
      since = Date.now()
      const res = await update(await staffId(other.email), change)
      expect(res.statusCode, res.body).toBe(200)
      await expectEnded(socket, since)
    }
    await expectOpen(adminSocket)
    adminSocket.socket.close()
  })

  it(`holds at most ${MAX_SOCKETS_PER_PERSON} sockets of one member on a node; one more is refused with 429`, async () => {
    const m = await activeMember(app, { name: 'Tabs' })
    const held = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_PERSON }, () => opened(connect(app, m))),
    )
    expect(await connect(app, m).opened).toBe(429)
    // Another member is not affected by this one's tabs.
    const other = await opened(connect(app, await activeMember(app, { name: 'Other' })))
    held[0].socket.close()
    await held[0].closed
    await opened(connect(app, m))
    for (const s of [...held, other]) s.socket.close()
  })

  it(`holds the bound under a burst: 60 upgrades at once leave ${MAX_SOCKETS_PER_PERSON} open, the rest refused (issue 55, point 4)`, async () => {
    const m = await activeMember(app, { name: 'Burst' })
    const attempts = Array.from({ length: 60 }, () => connect(app, m))
    const codes = await Promise.all(attempts.map((a) => a.opened))
    expect(codes.filter((c) => c === 101)).toHaveLength(MAX_SOCKETS_PER_PERSON)
    expect(codes.filter((c) => c === 429)).toHaveLength(60 - MAX_SOCKETS_PER_PERSON)
    for (const a of attempts) a.socket.close()
    await Promise.all(attempts.filter((_, i) => codes[i] === 101).map((a) => a.closed))
    // The refused upgrades gave their slots back: the member opens a socket again.
    await opened(connect(app, m))
  })

  it('closes a socket that floods its frames, and writes presence once a moment, not once a frame (issue 55, point 5)', async () => {
    const notifications = (app as unknown as { services: { notifications: Record<string, unknown> } })
      .services.notifications
    const online = notifications.online as (ids: number[]) => Promise<void>
    const away = notifications.away as (id: number) => Promise<void>
    let writes = 0
    notifications.online = (ids: number[]) => {
      writes++
      return online(ids)
    }
    notifications.away = (id: number) => {
      writes++
      return away(id)
    }
    try {
      const m = await activeMember(app, { name: 'Flooder' })
      const flood = await opened(connect(app, m))
      // A page that switches tabs a few times: its frames pass, its presence is written once.
      const calm = await opened(connect(app, await activeMember(app, { name: 'Calm' })))
      writes = 0
      for (const hidden of [true, false, true, false])
        calm.socket.send(JSON.stringify({ type: 'visibility', hidden }))
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(writes).toBe(1)
      expect(calm.socket.readyState).toBe(calm.socket.OPEN)
      // Three thousand frames: the socket is closed as a policy violation, and presence is not
      // written for each.
      writes = 0
      for (let i = 0; i < 3000 && flood.socket.readyState === flood.socket.OPEN; i++)
        flood.socket.send(JSON.stringify({ type: 'visibility', hidden: i % 2 === 0 }))
      expect((await flood.closed).code).toBe(1008)
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(writes).toBeLessThanOrEqual(2)
      calm.socket.close()
    } finally {
      notifications.online = online
      notifications.away = away
    }
  })
})

// Across nodes the end of a session goes through Redis (.ci/run sets TEST_REDIS_URL).
describe.runIf(Boolean(testEnv.TEST_REDIS_URL))(
  'sockets that end with their session, two nodes through Redis',
  () => {
    let cluster: Awaited<ReturnType<typeof startNodes>>
    beforeAll(async () => {
      cluster = await startNodes(2, testEnv.TEST_REDIS_URL)
    })
    afterAll(() => cluster.close())

    it('closes a socket on one node within a second of the logout on the other', async () => {
      const [a, b] = cluster.nodes
      const m = await activeMember(a, { name: 'Across' })
      const socket = await opened(connect(b, m))
      const since = Date.now()
      expect((await call(a, m.cookie, 'GET', '/api/logout.php')).statusCode).toBe(200)
      await expectEnded(socket, since)
    })
  },
)

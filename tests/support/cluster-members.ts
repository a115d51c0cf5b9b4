// Members of the fault tests and benchmarks, as a browser would be one: every call over HTTP through nginx (or to
// one node), the socket through nginx with the app's own reconnection delays and catch-up.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import WebSocket from 'ws'
import { reconnectDelay } from '#app/lib/realtime.ts'
import type { Message } from '#common/schemas/chat.ts'
import type { Database } from '#server/db/client.ts'
import { profiles, users } from '#server/db/schema/members.ts'
import { changeCredits } from '#server/modules/credits/credits.service.ts'

export interface Member {
  id: number
  profileId: number
  cookie: string
}

let count = 0

/** A call as `member` (or a visitor) on `base`, with the Origin a page of the site sends. */
export async function call(
  base: string,
  member: Member | null,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: () => unknown; text: string; headers: Headers }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      origin: base,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(member ? { cookie: member.cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  })
  const text = await res.text()
  return { status: res.status, text, headers: res.headers, json: () => JSON.parse(text) }
}

/** Signs a member up through `base`, activates them and gives them `credits`. */
export async function newMember(
  base: string,
  database: Database,
  name: string,
  credits = 0,
): Promise<Member> {
  count++
  const res = await fetch(`${base}/api/signup.php`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `faults-${process.pid}-${count}@example.com`,
      name,
      password: 'amber-lantern-77',
      date_of_birth: '1990-04-04',
      gender: count % 2 ? 'male' : 'female',
    }),
  })
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`)
  const user = ((await res.json()) as { user: { id: number; profile: { id: number } } }).user
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('auth.session='))
  const db = database.db
  await db.update(users).set({ status: 'active' }).where(eq(users.id, user.id))
  await db.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, user.id))
  if (credits > 0) {
    await db.transaction((tx) =>
      changeCredits(tx, { userId: user.id, delta: credits, reason: 'test', reference: `faults-${user.id}` }),
    )
  }
  return { id: user.id, profileId: user.profile.id, cookie: cookie ?? '' }
}

export const clientId = () => randomBytes(9).toString('base64url')

/**
 * Sends that failed and were sent again, the tests report them: `count` in all, `answered` those
 * refused with a 5xx (a 502 from nginx for a node that died with the request), the rest closed
 * connections (a keep-alive connection nginx closed as the request went out: a browser sends
 * such a request again by itself).
 */
export const resends = { count: 0, answered: [] as string[] }

/**
 * Sends a message as the app's page does: a failed attempt (a node gone, a 5xx) is sent again with
 * the same client_id until it is acknowledged. Answers the acknowledged message.
 */
export async function sendUntilAcknowledged(
  base: string,
  from: Member,
  to: Member,
  text: string,
  id = clientId(),
): Promise<Message> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const res = await call(base, from, 'POST', '/api/message.php', {
      profile: to.profileId,
      text,
      client_id: id,
    }).catch(() => null)
    if (res?.status === 200) return (res.json() as { message: Message }).message
    if (res && res.status < 500) throw new Error(`message refused: ${res.status} ${res.text}`)
    resends.count++
    if (res) resends.answered.push(`${res.status} ${res.text.slice(0, 80)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('a message was never acknowledged')
}

/**
 * A member's open page: a socket through `base` collecting message.created frames, reconnecting
 * after the app's delays, and after each reconnection fetching what came meanwhile in every
 * conversation it knows (the page's catch-up).
 */
export class MemberPage {
  readonly seen = new Map<string, Message>()
  /** When each message first arrived (performance.now()), live or fetched. */
  readonly arrived = new Map<string, number>()
  /** Per conversation, the newest message a fetch returned (live frames do not move it, as in the app). */
  readonly fetchedUpTo = new Map<number, number>()
  socket: WebSocket | null = null
  reconnections = 0
  /** The close code of every socket the page had. */
  readonly closeCodes: number[] = []
  lastCatchUp = 0
  private closed = false
  readonly base: string
  readonly member: Member
  constructor(base: string, member: Member) {
    this.base = base
    this.member = member
  }

  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${this.base.replace(/^http/, 'ws')}/api/ws`, {
        headers: { cookie: this.member.cookie, origin: this.base },
      })
      this.socket = socket
      socket.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as { type: string; message?: Message }
        if (frame.type === 'message.created' && frame.message) this.take(frame.message)
      })
      socket.once('open', () => resolve())
      socket.once('error', reject)
      socket.once('close', (code) => {
        this.closeCodes.push(code)
        if (!this.closed) void this.reconnect()
      })
    })
  }

  private take(message: Message) {
    if (!this.seen.has(message.client_id)) this.arrived.set(message.client_id, performance.now())
    this.seen.set(message.client_id, message)
    if (!this.fetchedUpTo.has(message.conversation)) this.fetchedUpTo.set(message.conversation, 0)
  }

  private async reconnect() {
    for (let attempt = 0; !this.closed; attempt++) {
      await new Promise((r) => setTimeout(r, reconnectDelay(attempt)))
      try {
        await this.open()
        this.reconnections++
        await this.catchUp()
        return
      } catch {}
    }
  }

  /** What came in each known conversation since the newest message fetched there (the app's catch-up). */
  async catchUp() {
    for (const conversation of this.fetchedUpTo.keys()) {
      for (let more = true; more; ) {
        const after = this.fetchedUpTo.get(conversation) ?? 0
        const url = `/api/messages.php?conversation=${conversation}&after=${after}`
        const res = await call(this.base, this.member, 'GET', url)
        if (res.status !== 200) throw new Error(`catch-up: ${res.status}`)
        const page = res.json() as { messages: Message[]; has_more: boolean }
        for (const message of page.messages) this.take(message)
        this.fetchedUpTo.set(conversation, Math.max(after, ...page.messages.map((m) => m.id)))
        more = page.has_more
      }
    }
    this.lastCatchUp = Date.now()
  }

  close() {
    this.closed = true
    this.socket?.close()
  }
}

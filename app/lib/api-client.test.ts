import { describe, expect, it } from 'vitest'
import { api } from '#common/api.ts'
import { ApiError, callApi, fetchJson, SESSION_EXPIRED_EVENT } from './api-client.ts'

function scripted(answers: Array<Response | Error>) {
  const calls: RequestInit[] = []
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    calls.push(init)
    const next = answers.shift()
    if (!next) throw new Error('no more answers')
    if (next instanceof Error) throw next
    return next
  }) as unknown as typeof fetch
  const delays: number[] = []
  const sleep = async (ms: number) => {
    delays.push(ms)
  }
  return { calls, delays, fetchImpl, sleep }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('fetchJson', () => {
  // spec: CALL-15
  it('asks for JSON', async () => {
    const s = scripted([json(200, { ok: true })])
    expect(await fetchJson('/api/x', s)).toEqual({ ok: true })
    expect(new Headers(s.calls[0].headers).get('accept')).toBe('application/json')
  })

  // spec: CALL-15
  it('retries network failures and 5xx with exponential delay, up to 5 times', async () => {
    const s = scripted([new TypeError('offline'), json(503, {}), json(502, {}), json(200, { n: 1 })])
    expect(await fetchJson('/api/x', { ...s, baseDelayMs: 100 })).toEqual({ n: 1 })
    expect(s.delays).toEqual([100, 200, 400])
  })

  it('waits as long as a busy server’s Retry-After says, at least the doubling delay', async () => {
    const busy = new Response('{}', { status: 503, headers: { 'retry-after': '1' } })
    const s = scripted([busy, json(200, { sent: true })])
    expect(await fetchJson('/api/x', { ...s, baseDelayMs: 100 })).toEqual({ sent: true })
    expect(s.delays).toEqual([1000])
  })

  // spec: CALL-15, CONST-5
  it('gives up after 5 retries with the last error', async () => {
    const s = scripted(
      Array.from({ length: 6 }, () => json(500, { error: { code: 'server.error', message: 'boom' } })),
    )
    await expect(fetchJson('/api/x', s)).rejects.toMatchObject({ status: 500, code: 'server.error' })
    expect(s.calls).toHaveLength(6)
  })

  it('exposes the per-field messages of a refused form', async () => {
    const s = scripted([
      json(400, {
        error: { code: 'validation.failed', message: 'Invalid', fields: { email: 'Invalid email' } },
      }),
    ])
    const error = (await fetchJson('/api/signup.php', s).catch((e) => e)) as ApiError
    expect(error.fields).toEqual({ email: 'Invalid email' })
  })

  it('does not retry a 4xx answer and exposes its code and message', async () => {
    const s = scripted([json(403, { error: { code: 'authentication_required', message: 'Please log in' } })])
    const error = await fetchJson('/api/x', s).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 403, code: 'authentication_required', message: 'Please log in' })
    expect(s.calls).toHaveLength(1)
  })
})

describe('a session that ended on the server', () => {
  // spec: STATE-2
  it('tells the app to log out quietly when a member endpoint answers authentication_required', async () => {
    const events: string[] = []
    const target = new EventTarget()
    target.addEventListener(SESSION_EXPIRED_EVENT, () => events.push('expired'))
    const denied = () => json(403, { error: { code: 'authentication_required', message: 'Please log in' } })
    const s = scripted([denied()])
    await expect(fetchJson('/api/photos.php', { ...s, events: target })).rejects.toBeInstanceOf(ApiError)
    expect(events).toEqual(['expired'])
    // The user endpoint itself answers visitors without logging anybody out.
    const u = scripted([denied()])
    await expect(fetchJson('/api/user.php', { ...u, events: target })).rejects.toBeInstanceOf(ApiError)
    expect(events).toEqual(['expired'])
  })
})

describe('callApi', () => {
  const answer = (body: unknown) => {
    const seen: Array<{ url: string; init: RequestInit }> = []
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, init })
      return json(200, body)
    }) as unknown as typeof fetch
    return { seen, fetchImpl }
  }

  it('sends the entry’s method, path, query and JSON body', async () => {
    const s = answer({ messages: [], partner_last_read: 0, has_more: false })
    await callApi(api.messages, { query: { conversation: 7, after: 12 }, fetchImpl: s.fetchImpl }).catch(
      () => {},
    )
    expect(s.seen[0].url).toBe('/api/messages.php?conversation=7&after=12')
    expect(s.seen[0].init.method).toBe('GET')
    const like = answer({ liked: true, match: false })
    await callApi(api.like, { body: { profile: 3 }, fetchImpl: like.fetchImpl })
    expect(like.seen[0]).toMatchObject({
      url: '/api/like.php',
      init: { method: 'POST', body: '{"profile":3}' },
    })
    expect(new Headers(like.seen[0].init.headers).get('content-type')).toBe('application/json')
  })

  it('returns the answer as the server sent it', async () => {
    const s = answer({ liked: true, match: true })
    expect(await callApi(api.like, { body: { profile: 3 }, fetchImpl: s.fetchImpl })).toEqual({
      liked: true,
      match: true,
    })
  })

  it('sends a form call as multipart with the file last', async () => {
    const s = answer({})
    const file = new Blob(['x'], { type: 'image/jpeg' })
    await callApi(api.sendFileMessage, {
      form: { kind: 'photo', conversation: 4, client_id: 'c1', text: '' },
      file,
      fetchImpl: s.fetchImpl,
    }).catch(() => {})
    const form = s.seen[0].init.body as FormData
    expect([...form.keys()]).toEqual(['kind', 'conversation', 'client_id', 'text', 'photo'])
    expect(form.get('conversation')).toBe('4')
    expect(new Headers(s.seen[0].init.headers).has('content-type')).toBe(false)
  })
})

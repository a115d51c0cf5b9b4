// Every page route of the build, fuzzed as a visitor, a member and each staff role, with hostile
// path values, queries, form posts, methods and Host headers (issue 36, point 6): no answer may be a
// 5xx. It needs the build (the pages are its server bundle), so it runs with the fault tests, after
// `npm run build` in `npm test`.
import { existsSync } from 'node:fs'
import { METHODS } from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_ROLES } from '#common/staff.ts'
import { activeMember } from '../support/accounts.ts'
import { hostileString } from '../support/fuzz.ts'
import { staffMember } from '../support/staff.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

const BUILD = path.resolve(import.meta.dirname, '../../build/server/index.js')
/** Cases per page route and role: the pages render in full, so far fewer than the API's. */
const RUNS = Number(process.env.PAGE_FUZZ_RUNS ?? 16)
const HOST = 'localhost:3000'
const ORIGIN = `http://${HOST}`

/** The query names the pages read, and a few they do not. */
const QUERY_NAMES = [
  'q',
  'id',
  'page',
  'token',
  'step',
  'intent',
  'back',
  'next',
  'return',
  'conversation',
  'site',
  'package',
  'payment',
  'gift',
  't',
  'export',
  'already',
  'secret',
  'network',
  'profile',
  'distance',
  'index',
  '_data',
]

/** The route patterns of the build: every page's full path, its parameters as `:name`. */
async function pagePatterns(): Promise<string[]> {
  const build = (await import(pathToFileURL(BUILD).href)) as {
    routes: Record<string, { parentId?: string; path?: string; index?: boolean }>
  }
  const full = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined
    if (!route) return ''
    const parent = full(route.parentId)
    return route.path ? `${parent}/${route.path}` : parent
  }
  const patterns = new Set<string>()
  for (const [id, route] of Object.entries(build.routes)) {
    if (route.path !== undefined || route.index) patterns.add(full(id) || '/')
  }
  return [...patterns]
}

/** A path value: mostly hostile, sometimes a plausible one. */
const pathValue = fc.oneof(
  { weight: 3, arbitrary: hostileString.map((s) => s.slice(0, 300)) },
  fc.constantFrom('1', '2', '999999', '0', 'fr', 'x'),
)

/**
 * A return address (`back`, `next`, `return`) that passes for a path of this site but holds what a
 * `Location` header cannot carry raw: characters above U+00FF and line separators (issue 55,
 * point 6; `/%E3%80%82x` was a 500).
 */
const returnPair = fc.tuple(
  fc.constantFrom('back', 'next', 'return'),
  fc
    .array(
      fc.constantFrom('\u3002', '\u2028', '\u2029', '\u0100', '\u00e9', '\u{1F600}', 'x', '/', '?', '#', '%'),
      {
        maxLength: 12,
      },
    )
    .map((chars) => `/${chars.join('')}`),
)

const query = fc
  .array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(
          fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_NAMES) }, hostileString),
          hostileString.map((s) => s.slice(0, 2000)),
        ),
      },
      { weight: 1, arbitrary: returnPair },
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&'))

/** The text with each lone surrogate half replaced, as a browser encodes it. */
const wellFormed = (text: string) =>
  [...text].map((c) => (c.length === 1 && c >= '\uD800' && c <= '\uDFFF' ? '\uFFFD' : c)).join('')

/** Percent-encodes text as a browser would, lone surrogates included (as their UTF-8 replacement). */
function encodeText(text: string): string {
  return [...text].map((c) => (/[A-Za-z0-9._~-]/.test(c) ? c : encodeURIComponent(wellFormed(c)))).join('')
}

function urlFor(pattern: string, values: string[], data: boolean, search: string): string {
  let i = 0
  const filled = pattern
    .replace(/:[A-Za-z]+\??/g, () => encodeText(values[i++] ?? 'x'))
    .replace('*', () => encodeText(values[i++] ?? 'x'))
  const base = data ? `${filled === '/' ? '/_root' : filled}.data` : filled
  return search ? `${base}?${search}` : base
}

let t: TestApp
let patterns: string[]
let address = 0
const nextAddress = () => {
  address++
  return `10.${100 + ((address >> 16) & 31)}.${(address >> 8) & 255}.${address & 255}`
}

const missing = !existsSync(BUILD)
if (missing && process.env.CI) throw new Error('the page fuzz needs the build (npm run build)')

describe.skipIf(missing)(missing ? 'page fuzz (missing: the build)' : 'page fuzz', () => {
  beforeAll(async () => {
    t = await createTestApp({ pages: true })
    patterns = await pagePatterns()
  }, 120_000)
  afterAll(() => t?.close())

  async function expectNo5xx(request: InjectOptions) {
    const res = await t.app.inject({ remoteAddress: nextAddress(), ...request })
    if (res.statusCode >= 500) {
      const { method, url, headers } = request as { method?: string; url: string; headers?: object }
      throw new Error(
        `${res.statusCode} for ${method ?? 'GET'} ${url.slice(0, 300)} ${JSON.stringify(headers).slice(0, 300)}: ${res.body.slice(0, 300)}`,
      )
    }
    return res
  }

  it(`answers every page route as every role, with hostile paths, queries and posts, without a 5xx (${RUNS} cases each)`, async () => {
    expect(patterns.length).toBeGreaterThan(50)
    const staffCookies = new Map<string, string>()
    for (const role of STAFF_ROLES)
      staffCookies.set(role, (await staffMember(t.app, role, () => new Date())).cookie)
    let cases = 0
    for (const pattern of patterns) {
      // A member of their own per route: one that a case logged out or deleted harms no other.
      const member = await activeMember(t.app, { name: 'Fuzzy' })
      const cookies: Record<string, string> = { visitor: '', member: member.cookie }
      for (const [role, cookie] of staffCookies) cookies[role] = cookie
      const params = (pattern.match(/:[A-Za-z]+\??|\*/g) ?? []).length
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            as: fc.constantFrom(...Object.keys(cookies)),
            values: fc.array(pathValue, { minLength: params, maxLength: params }),
            data: fc.boolean(),
            search: query,
            post: fc.option(query, { freq: 3 }),
          }),
          async (c) => {
            cases++
            const url = urlFor(pattern, c.values, c.data, c.search)
            const cookie = cookies[c.as]
            await expectNo5xx({
              method: c.post === null ? 'GET' : 'POST',
              url,
              headers: {
                host: HOST,
                accept: 'text/html',
                ...(cookie ? { cookie } : {}),
                ...(c.post === null
                  ? {}
                  : { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }),
              },
              ...(c.post === null ? {} : { payload: c.post }),
            })
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      )
    }
    console.info(`page fuzz: ${patterns.length} page routes, ${cases} cases, no 5xx`)
    expect(cases).toBe(patterns.length * RUNS)
  }, 900_000)

  it('answers every page route with a return address a Location header cannot carry raw, as a visitor and a member, in its query and its form, without a 5xx', async () => {
    const member = await activeMember(t.app, { name: 'Returner' })
    const values = ['/\u3002x', '/a\u2028b', '/caf\u00e9?x=\u{1F600}']
    const send = async (request: InjectOptions) => {
      const res = await expectNo5xx(request)
      const location = res.headers.location
      if (typeof location === 'string') expect(location).toMatch(/^[\x21-\x7e]*$/)
      return res
    }
    let cases = 0
    for (const pattern of patterns)
      for (const value of values) {
        // Every return parameter at once, and the fields the language form asks for (/lang-config).
        const fields = ['back', 'next', 'return'].map((name) => `${name}=${encodeText(value)}`).join('&')
        const url = urlFor(pattern, [], false, fields)
        for (const cookie of ['', member.cookie]) {
          cases++
          const headers = { host: HOST, accept: 'text/html', ...(cookie ? { cookie } : {}) }
          await send({ url, headers })
          await send({
            method: 'POST',
            url,
            headers: { ...headers, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
            payload: `locale=fr&country=NL&${fields}`,
          })
        }
      }
    expect(cases).toBe(patterns.length * 6)
    // A login that succeeds goes to `next`.
    for (const value of values) {
      const res = await send({
        method: 'POST',
        url: `/login?next=${encodeText(value)}`,
        headers: {
          host: HOST,
          accept: 'text/html',
          origin: ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `email=${encodeText(member.email)}&password=${encodeText(member.password)}`,
      })
      expect(res.statusCode).toBeLessThan(400)
    }
  }, 300_000)

  it('answers any method and any Host header without a 5xx: 405 for a method no page takes, 400 for a host no browser sends', async () => {
    const member = await activeMember(t.app, { name: 'Methods' })
    for (const method of METHODS) {
      if (method === 'CONNECT') continue
      for (const url of ['/', '/members', '/admin/members?q=x', '/api/settings.php', '/nowhere']) {
        const res = await expectNo5xx({
          method: method as 'GET',
          url,
          headers: { host: HOST, cookie: member.cookie, origin: ORIGIN },
        })
        if (['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'PURGE'].includes(method)) expect(res.statusCode).toBe(405)
      }
    }
    const hosts = [
      'localhost:99999',
      'localhost:0',
      '[::1',
      'a b',
      'évil.example',
      'localhost:',
      `${'a'.repeat(300)}.example`,
      'x/y',
      '%00',
    ]
    for (const host of hosts) {
      for (const url of ['/', '/members', '/admin', '/api/settings.php', '/assets/nothing.js']) {
        const res = await expectNo5xx({ url, headers: { host, cookie: member.cookie } })
        expect(res.statusCode, `${host} ${url}`).toBe(400)
      }
    }
    await fc.assert(
      fc.asyncProperty(hostileString, async (host) => {
        await expectNo5xx({ url: '/', headers: { host: wellFormed(host).slice(0, 500) } })
      }),
      { numRuns: 100 },
    )
  }, 300_000)

  it('answers a console search with text no column holds 400, not 500, as every role', async () => {
    for (const role of STAFF_ROLES) {
      const staff = await staffMember(t.app, role, () => new Date())
      for (const url of [
        '/admin/members?q=%00',
        '/admin/payments?q=%00',
        '/admin/audit?q=a%00b',
        '/admin?x=%00',
      ]) {
        const res = await expectNo5xx({
          url,
          headers: { host: HOST, cookie: staff.cookie, accept: 'text/html' },
        })
        expect(res.statusCode, `${role} ${url}`).toBe(400)
        expect(res.headers['content-type']).toContain('text/html')
      }
    }
  })
})

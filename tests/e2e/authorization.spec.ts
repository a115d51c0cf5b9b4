import type { APIRequestContext } from '@playwright/test'
import routes from '../../app/routes.ts'
import { CONSOLE_PAGES, mayOpen } from '../../common/console-pages.ts'
import type { StaffRole } from '../../common/staff.ts'
import { consoleLogin, expect, newMember, test } from './fixtures.ts'
import { E2E_ADMIN, E2E_MODERATOR, E2E_OPERATOR, E2E_SUPPORT } from './staff-account.ts'

// Who gets which page (issue 13, point 13): every route of app/routes.ts, asked by a visitor, the
// owner of the object it names, another member, and a member the owner blocked. A route with no
// rule fails the test, so a new page is covered by default. The API's matrix is
// server/authorization.test.ts.

type Who = 'visitor' | 'owner' | 'other' | 'blocked'
const WHO: Who[] = ['visitor', 'other', 'blocked', 'owner']

interface World {
  ownerProfile: number
  blockedConversation: number
  payment: string
  bundle: number
}

interface Rule {
  url: (w: World) => string
  /** The status each one gets; a redirect is its status and where it goes. */
  expect: Record<Who, number | string>
}

const all = (answer: number | string): Record<Who, number | string> => ({
  visitor: answer,
  owner: answer,
  other: answer,
  blocked: answer,
})
/** A page for members: a visitor is sent to log in. */
const members = (answer: number | string = 200): Record<Who, number | string> => ({
  visitor: '302 /login',
  owner: answer,
  other: answer,
  blocked: answer,
})
/** A page for visitors (logging in, signing up): a member goes to the members area. */
const visitorsOnly = (): Record<Who, number | string> => ({
  visitor: 200,
  owner: '302 /members',
  other: '302 /members',
  blocked: '302 /members',
})
const page = (url: string) => () => url
/** A console page's address (an object's page: the first one). */
const consoleUrl = (path: string) => `/${path.replace(':id', '1')}`

/** The rules, keyed by the route's path as app/routes.ts writes it ('' is the home page). */
const RULES: Record<string, Rule> = {
  '': { url: page('/'), expect: visitorsOnly() },
  // The console: no member session opens it (staff roles per page: console.spec.ts).
  'admin/login': { url: page('/admin/login'), expect: all(200) },
  // Every console page: no member session opens it (the staff's roles: the journey below).
  ...Object.fromEntries(
    Object.values(CONSOLE_PAGES).map((p): [string, Rule] => [
      p.path,
      { url: page(consoleUrl(p.path)), expect: all('302 /admin/login') },
    ]),
  ),
  // Anyone holding the mailed link may appeal (a banned member has no session); the page asks nothing.
  'appeal/:token': { url: page('/appeal/not-a-real-token-0000'), expect: all(200) },
  'lang-config': { url: page('/lang-config'), expect: all(200) },
  login: { url: page('/login'), expect: visitorsOnly() },
  signup: { url: page('/signup'), expect: visitorsOnly() },
  'activate/done': { url: page('/activate/done'), expect: all(200) },
  'activate/error': { url: page('/activate/error'), expect: all(200) },
  members: { url: page('/members'), expect: all(200) },
  'members/:id': {
    url: (w) => `/members/${w.ownerProfile}`,
    expect: { visitor: 200, owner: 200, other: 200, blocked: 403 },
  },
  likes: { url: page('/likes'), expect: members() },
  'likes/m/:id': {
    url: (w) => `/likes/m/${w.ownerProfile}`,
    expect: { visitor: '302 /login', owner: 200, other: 200, blocked: 403 },
  },
  'likes/:type': { url: page('/likes/received'), expect: members() },
  chats: { url: page('/chats'), expect: members() },
  credits: { url: page('/credits'), expect: members() },
  'credits/repeat-order': { url: page('/credits/repeat-order'), expect: members() },
  'credits/limits': { url: page('/credits/limits'), expect: members() },
  'credits/:id/:paymentmethod?': { url: (w) => `/credits/${w.bundle}/ideal`, expect: members() },
  directdebit: { url: page('/directdebit'), expect: members() },
  premium: { url: page('/premium'), expect: all(200) },
  // An unpaid purchase: its owner is told it cannot be withdrawn from; another member finds nothing.
  'transactions/:id/withdraw': {
    url: (w) => `/transactions/${w.payment}/withdraw`,
    expect: { visitor: '302 /login', owner: 200, other: 404, blocked: 404 },
  },
  'transactions/:id?': {
    url: (w) => `/transactions/${w.payment}`,
    expect: { visitor: '302 /login', owner: 200, other: 404, blocked: 404 },
  },
  'swipe-game': { url: page('/swipe-game'), expect: members() },
  'match-finder': { url: page('/match-finder'), expect: members() },
  'complete-signup': { url: page('/complete-signup'), expect: members() },
  'signup-matches': { url: page('/signup-matches'), expect: members() },
  'reset-password': { url: page('/reset-password'), expect: visitorsOnly() },
  'reset-password/do': { url: page('/reset-password/do?token=nope'), expect: all(200) },
  notifications: { url: page('/notifications'), expect: members() },
  profile: { url: page('/profile'), expect: members() },
  verify: { url: page('/verify'), expect: members() },
  'mail-change/do': { url: page('/mail-change/do?token=nope'), expect: all(200) },
  'mail-change/undo': { url: page('/mail-change/undo?token=nope'), expect: all(200) },
  'account-deleted': { url: page('/account-deleted'), expect: all(200) },
  unsubscribe: { url: page('/unsubscribe?token=nope'), expect: all(200) },
  pricing: { url: page('/pricing'), expect: all(200) },
  complaints: { url: page('/complaints'), expect: all(200) },
  'pages/trust': { url: page('/pages/trust'), expect: all(200) },
  'pages/:page': { url: page('/pages/terms'), expect: all(200) },
  ':token': { url: page('/no-such-token'), expect: all(404) },
  '*': { url: page('/no/such/page'), expect: all(404) },
  'landers/tinderswipe': { url: page('/landers/tinderswipe'), expect: all(200) },
  'landers/:lander/:slug?': { url: page('/landers/gallery/eng'), expect: all(200) },
  'members/:id/chat': {
    url: (w) => `/members/${w.ownerProfile}/chat`,
    expect: { visitor: 200, owner: '302 /chats', other: 200, blocked: 403 },
  },
  // The member's data for the stores' fetchers: a visitor gets null (nothing to show), not a login.
  'member-data/chats': { url: page('/member-data/chats'), expect: all(200) },
  'member-data/likes': { url: page('/member-data/likes'), expect: all(200) },
  // A conversation's older page: its two members only, as the conversation's page.
  'member-data/messages': {
    url: (w) => `/member-data/messages?conversation=${w.blockedConversation}&before=2147483647`,
    expect: { visitor: 401, owner: 200, other: 404, blocked: 403 },
  },
  'chats/:id': {
    url: (w) => `/chats/${w.blockedConversation}`,
    expect: { visitor: '302 /login', owner: 200, other: 404, blocked: 403 },
  },
  'members/:id/landing': {
    url: (w) => `/members/${w.ownerProfile}/landing`,
    expect: { visitor: 200, owner: 200, other: 200, blocked: 403 },
  },
  'members/:id/signup': {
    url: (w) => `/members/${w.ownerProfile}/signup`,
    expect: visitorsOnly(),
  },
  'members/:id/landing2/:slug?': {
    url: (w) => `/members/${w.ownerProfile}/landing2/eng`,
    expect: { visitor: 200, owner: 200, other: 200, blocked: 403 },
  },
  'members/:id/landing3/:slug?': {
    url: (w) => `/members/${w.ownerProfile}/landing3`,
    expect: { visitor: 200, owner: 200, other: 200, blocked: 403 },
  },
}

interface RouteEntry {
  path?: string
  index?: boolean
  children?: RouteEntry[]
}

/** Every page path of the route config ('' for the index). */
function pathsOf(entries: RouteEntry[]): string[] {
  return entries.flatMap((e) => [
    ...(e.index ? [''] : e.path !== undefined ? [e.path] : []),
    ...pathsOf(e.children ?? []),
  ])
}

async function answer(request: APIRequestContext, url: string): Promise<number | string> {
  const res = await request.get(url, { maxRedirects: 0 })
  if (res.status() >= 300 && res.status() < 400) {
    const to = new URL(res.headers().location ?? '', 'http://localhost').pathname
    return `${res.status()} ${to}`
  }
  return res.status()
}

test('every page has a rule', () => {
  const paths = [...new Set(pathsOf(routes as RouteEntry[]))]
  expect(paths.filter((p) => !RULES[p])).toEqual([])
  expect(Object.keys(RULES).filter((p) => !paths.includes(p))).toEqual([])
})

// spec: ROUTE-1, ROUTE-2, ROUTE-3, ROUTE-4, ROUTE-5, ROUTE-6, ROUTE-7, ROUTE-8, ROUTE-9
test('each page answers visitor, owner, other member and blocked member as its rule says', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000)
  const owner = await newMember(browser, { name: 'Pageowner' })
  const other = await newMember(browser, { name: 'Pageother', gender: 'male' })
  const blocked = await newMember(browser, { name: 'Pageblocked', gender: 'male' })
  const sent = await blocked.page.request.post('/api/message.php', {
    data: { profile: owner.profileId, text: 'Hello', client_id: `matrix-${Date.now()}` },
  })
  const blockedConversation = (await sent.json()).conversation as number
  await owner.page.request.post('/api/block.php', { data: { profile: blocked.profileId } })
  const bundle = (await (await owner.page.request.get('/api/credits.php')).json()).packages[0].id as number
  const payment = (
    await (
      await owner.page.request.post('/api/payment.php', { data: { package: bundle, method: 'ideal' } })
    ).json()
  ).payment_id as string
  const world: World = { ownerProfile: owner.profileId, blockedConversation, payment, bundle }
  const visitor = await playwright.request.newContext({ baseURL: 'http://localhost:3100' })
  const requests: Record<Who, APIRequestContext> = {
    visitor,
    owner: owner.page.request,
    other: other.page.request,
    blocked: blocked.page.request,
  }
  const wrong: string[] = []
  for (const [path, rule] of Object.entries(RULES)) {
    for (const who of WHO) {
      const got = await answer(requests[who], rule.url(world))
      if (got !== rule.expect[who])
        wrong.push(`${path || '/'} as ${who}: ${got} (expected ${rule.expect[who]})`)
    }
  }
  await visitor.dispose()
  for (const m of [owner, other, blocked]) await m.context.close()
  expect(wrong).toEqual([])
})

test('each console page answers each staff role as common/console-pages.ts says', async ({ browser }) => {
  test.setTimeout(240_000)
  const wrong: string[] = []
  for (const account of [E2E_MODERATOR, E2E_SUPPORT, E2E_OPERATOR, E2E_ADMIN]) {
    const context = await browser.newContext()
    const staffPage = await context.newPage()
    await consoleLogin(staffPage, account)
    for (const p of Object.values(CONSOLE_PAGES)) {
      const status = (await staffPage.request.get(consoleUrl(p.path), { maxRedirects: 0 })).status()
      // A page of one object may find none (404); a page of its own is there (200).
      const allowed = p.path.includes(':') ? status === 200 || status === 404 : status === 200
      const ok = mayOpen(account.role as StaffRole, p.roles) ? allowed : status === 403
      if (!ok) wrong.push(`${p.path} as ${account.role}: ${status}`)
    }
    await context.close()
  }
  expect(wrong).toEqual([])
})

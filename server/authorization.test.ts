import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consoleCalls } from '#common/api.ts'
import { activeMember } from '../tests/support/accounts.ts'
import { testJpeg } from '../tests/support/images.ts'
import { multipartBody } from '../tests/support/multipart.ts'
import { createTestApp, type TestApp } from '../tests/support/test-app.ts'

// Who gets what (issue 13, point 13): every route of the server's route table, asked by a visitor,
// the owner of the object it names, another member, and a member the owner blocked. A route with
// no rule below fails the test, so a new route is covered by default. The pages' matrix is the
// Playwright suite's (tests/e2e/authorization.spec.ts): pages need the built app.

type Who = 'visitor' | 'owner' | 'other' | 'blocked'
const WHO: Who[] = ['visitor', 'other', 'blocked', 'owner']
type Member = Awaited<ReturnType<typeof activeMember>>

/** The objects the requests name: the owner's profile, photos, chats and payment. */
interface World {
  owner: Member
  other: Member
  blocked: Member
  ownerPhoto: number
  ownerPhotoUrl: string
  /** A conversation of the owner with a partner who is not blocked. */
  conversation: number
  /** The conversation the owner had with the member they blocked, and a photo sent in it. */
  blockedConversation: number
  chatPhotoUrl: string
  /** The photo message the blocked member sent the owner before being blocked. */
  receivedMessage: number
  payment: string
  bundle: number
}

interface Call {
  method: string
  url: string
  payload?: object | string | Buffer
  headers?: Record<string, string>
}

interface Rule {
  call: (w: World, who: Who) => Call
  expect: Record<Who, number>
}

const all = (status: number): Record<Who, number> => ({
  visitor: status,
  owner: status,
  other: status,
  blocked: status,
})
const members = (status: number): Record<Who, number> => ({
  visitor: 403,
  owner: status,
  other: status,
  blocked: status,
})
/** An object of the owner's: theirs only; others are told it does not exist. */
const owned = (status: number, missing = 404): Record<Who, number> => ({
  visitor: 403,
  owner: status,
  other: missing,
  blocked: missing,
})
const UNKNOWN_PAYMENT = `tr_${'0'.repeat(20)}`
let n = 0
const fresh = () => `${Date.now()}-${++n}`
const get = (url: string) => () => ({ method: 'GET', url })

let jpeg: Buffer
let recording: Buffer
const photoUpload = (fields: Record<string, string>) => {
  const { body, contentType } = multipartBody(fields, {
    field: 'photo',
    filename: 'a.jpg',
    contentType: 'image/jpeg',
    data: jpeg,
  })
  return { payload: body, headers: { 'content-type': contentType } }
}

/** The rules, keyed `METHOD url` as the route table names routes. */
const RULES: Record<string, Rule> = {
  'GET /healthz': { call: get('/healthz'), expect: all(200) },
  'GET /readyz': { call: get('/readyz'), expect: all(200) },
  // Prometheus's, with its token only (server/metrics.test.ts); no token is set here: no such page.
  'GET /metrics': { call: get('/metrics'), expect: all(404) },
  'GET /api/docs/json': { call: get('/api/docs/json'), expect: all(200) },
  // The installed app's manifest and icons: public, like the pages that link them.
  'GET /manifest.webmanifest': { call: get('/manifest.webmanifest'), expect: all(200) },
  'GET /icons/app-:name.png': { call: get('/icons/app-512.png'), expect: all(200) },
  'GET /favicon.ico': { call: get('/favicon.ico'), expect: all(200) },
  // What search engines read: public.
  'GET /robots.txt': { call: get('/robots.txt'), expect: all(200) },
  'GET /sitemap.xml': { call: get('/sitemap.xml'), expect: all(200) },
  'GET /api/settings.php': { call: get('/api/settings.php'), expect: all(200) },
  'GET /api/companyinfo.php': { call: get('/api/companyinfo.php'), expect: all(200) },
  'GET /api/interests.php': { call: get('/api/interests.php'), expect: all(200) },
  'GET /api/regions.php': { call: get('/api/regions.php?country=NL'), expect: all(200) },
  // The console: no member session opens it (its own matrix, per staff role, is in staff.test.ts).
  'POST /api/admin/login.php': {
    call: () => ({
      method: 'POST',
      url: '/api/admin/login.php',
      payload: { email: 'x@example.com', password: 'nope' },
    }),
    expect: all(401),
  },
  'POST /api/admin/second-factor.php': {
    call: () => ({ method: 'POST', url: '/api/admin/second-factor.php', payload: { code: '123456' } }),
    expect: all(401),
  },
  'POST /api/admin/logout.php': {
    call: () => ({ method: 'POST', url: '/api/admin/logout.php' }),
    expect: all(200),
  },
  // Every call that declares staff roles: no member session opens it, not even to validate its input.
  ...Object.fromEntries(
    consoleCalls.map((c): [string, Rule] => [
      `${c.method} ${c.path}`,
      { call: () => ({ method: c.method, url: c.path, payload: c.body ? {} : undefined }), expect: all(401) },
    ]),
  ),
  'POST /api/signup.php': {
    call: () => ({
      method: 'POST',
      url: '/api/signup.php',
      payload: {
        email: `matrix-${fresh()}@example.com`,
        name: 'Matrix',
        password: 'amber-lantern-77',
        date_of_birth: '1990-01-01',
        gender: 'male',
      },
    }),
    // A logged-in member has an account: a second one would switch the session under them.
    expect: { visitor: 201, owner: 409, other: 409, blocked: 409 },
  },
  'POST /api/user.php': {
    call: (w) => ({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: w.other.email, password: 'wrong-one-1' },
    }),
    expect: all(401),
  },
  'GET /api/user.php': { call: get('/api/user.php'), expect: all(200) },
  'PUT /api/user.php': {
    call: () => ({ method: 'PUT', url: '/api/user.php', payload: { language: 'en' } }),
    expect: members(200),
  },
  'DELETE /api/user.php': {
    call: () => ({
      method: 'DELETE',
      url: '/api/user.php',
      payload: { reason: 'other', password: 'not-my-password' },
    }),
    expect: members(400),
  },
  'GET /api/activate.php': { call: get('/api/activate.php?token=nope'), expect: all(303) },
  // A member asks for their own data; the mailed link is the key to the zip (a wrong one leads back).
  'POST /api/data-export.php': {
    call: () => ({ method: 'POST', url: '/api/data-export.php' }),
    expect: members(200),
  },
  'GET /api/data-export.php': { call: get('/api/data-export.php?token=not-a-real-token'), expect: all(303) },
  'POST /api/activation.php': {
    call: () => ({ method: 'POST', url: '/api/activation.php' }),
    expect: members(409),
  },
  'POST /api/password-reset.php': {
    call: () => ({
      method: 'POST',
      url: '/api/password-reset.php',
      payload: { email: `nobody-${fresh()}@example.com` },
    }),
    // The same answer for every address, with an account or without (issue 36, point 7).
    expect: all(200),
  },
  'PUT /api/password-reset.php': {
    call: () => ({
      method: 'PUT',
      url: '/api/password-reset.php',
      payload: { token: 'nope', password: 'cobalt-river-93', password_repeat: 'cobalt-river-93' },
    }),
    expect: all(400),
  },
  'PUT /api/password.php': {
    call: () => ({
      method: 'PUT',
      url: '/api/password.php',
      payload: {
        old_password: 'not-my-password',
        password: 'cobalt-river-93',
        password_repeat: 'cobalt-river-93',
      },
    }),
    expect: members(400),
  },
  'POST /api/mail-change.php': {
    call: () => ({
      method: 'POST',
      url: '/api/mail-change.php',
      payload: { email: `new-${fresh()}@example.com`, password: 'not-my-password' },
    }),
    expect: members(400),
  },
  'PUT /api/mail-change.php': {
    call: () => ({ method: 'PUT', url: '/api/mail-change.php', payload: { token: 'nope' } }),
    expect: all(400),
  },
  'POST /api/account-restore.php': {
    call: () => ({ method: 'POST', url: '/api/account-restore.php', payload: { token: 'nope' } }),
    expect: all(400),
  },
  'GET /api/profile.php': { call: get('/api/profile.php'), expect: members(200) },
  'PUT /api/profile.php': {
    call: () => ({ method: 'PUT', url: '/api/profile.php', payload: { city: 'Utrecht' } }),
    expect: members(200),
  },
  'GET /api/members.php': { call: get('/api/members.php'), expect: all(200) },
  'GET /api/member.php': {
    call: (w) => ({ method: 'GET', url: `/api/member.php?id=${w.owner.user.profile.id}` }),
    expect: { visitor: 200, owner: 200, other: 200, blocked: 403 },
  },
  'GET /api/likes.php': { call: get('/api/likes.php'), expect: members(200) },
  'GET /api/auto-like.php': { call: get('/api/auto-like.php'), expect: members(200) },
  'GET /api/swipe.php': { call: get('/api/swipe.php'), expect: members(200) },
  'POST /api/swipe.php': {
    call: (w) => ({
      method: 'POST',
      url: '/api/swipe.php',
      payload: { profile: w.owner.user.profile.id, like: false },
    }),
    expect: { visitor: 403, owner: 400, other: 200, blocked: 403 },
  },
  'POST /api/like.php': {
    call: (w) => ({ method: 'POST', url: '/api/like.php', payload: { profile: w.owner.user.profile.id } }),
    expect: { visitor: 403, owner: 400, other: 200, blocked: 403 },
  },
  'PUT /api/like.php': {
    call: (w) => ({ method: 'PUT', url: '/api/like.php', payload: { profile: w.owner.user.profile.id } }),
    expect: { visitor: 403, owner: 200, other: 200, blocked: 200 },
  },
  'DELETE /api/like.php': {
    call: (w) => ({ method: 'DELETE', url: '/api/like.php', payload: { profile: w.owner.user.profile.id } }),
    expect: { visitor: 403, owner: 200, other: 200, blocked: 200 },
  },
  'GET /api/match-finder.php': { call: get('/api/match-finder.php'), expect: members(200) },
  'GET /api/chats.php': { call: get('/api/chats.php'), expect: members(200) },
  'GET /api/conversation.php': {
    call: (w) => ({ method: 'GET', url: `/api/conversation.php?id=${w.blockedConversation}` }),
    expect: { visitor: 403, owner: 200, other: 404, blocked: 403 },
  },
  'GET /api/messages.php': {
    call: (w) => ({ method: 'GET', url: `/api/messages.php?conversation=${w.blockedConversation}` }),
    expect: { visitor: 403, owner: 200, other: 404, blocked: 403 },
  },
  'POST /api/message.php': {
    call: (w) => ({
      method: 'POST',
      url: '/api/message.php',
      payload: { conversation: w.blockedConversation, text: 'Hello', client_id: fresh() },
    }),
    expect: { visitor: 403, owner: 403, other: 404, blocked: 403 },
  },
  // Issue 61: the long waits of the member's own conversations, and a close (sent as a message).
  'GET /api/your-turn.php': { call: get('/api/your-turn.php'), expect: members(200) },
  'POST /api/chat-close.php': {
    call: (w) => ({
      method: 'POST',
      url: '/api/chat-close.php',
      payload: { conversation: w.blockedConversation, text: 'Thanks for the chat', client_id: fresh() },
    }),
    expect: { visitor: 403, owner: 403, other: 404, blocked: 403 },
  },
  'POST /api/message-file.php': {
    call: (w) => ({
      method: 'POST',
      url: '/api/message-file.php',
      ...photoUpload({
        kind: 'photo',
        conversation: String(w.blockedConversation),
        text: '',
        client_id: fresh(),
      }),
    }),
    expect: { visitor: 403, owner: 403, other: 404, blocked: 403 },
  },
  // Any member may say they played a note; only its receiver's saying marks it, answered in the
  // body (voice.test.ts): this photo message is no voice note, so nobody marks it.
  'PUT /api/voice-played.php': {
    call: (w) => ({ method: 'PUT', url: '/api/voice-played.php', payload: { message: w.receivedMessage } }),
    expect: { visitor: 403, owner: 200, other: 200, blocked: 200 },
  },
  // Calls (issue 59): a conversation's consent is its members' only; a call that is not the member's
  // is neither answered, ended nor reported (calls.test.ts has the calls of two members).
  'GET /api/call-consent.php': {
    call: (w) => ({ method: 'GET', url: `/api/call-consent.php?conversation=${w.conversation}` }),
    expect: owned(200),
  },
  'PUT /api/call-consent.php': {
    call: (w) => ({
      method: 'PUT',
      url: '/api/call-consent.php',
      payload: { conversation: w.conversation, allowed: false },
    }),
    expect: owned(200),
  },
  'POST /api/call.php': {
    call: (w) => ({
      method: 'POST',
      url: '/api/call.php',
      payload: { conversation: w.conversation, video: false },
    }),
    expect: { visitor: 403, owner: 403, other: 404, blocked: 404 },
  },
  'POST /api/call-answer.php': {
    call: () => ({
      method: 'POST',
      url: '/api/call-answer.php',
      payload: { call: 2_000_000_000, accept: true },
    }),
    expect: members(409),
  },
  'POST /api/call-end.php': {
    call: () => ({ method: 'POST', url: '/api/call-end.php', payload: { call: 2_000_000_000 } }),
    expect: members(200),
  },
  'POST /api/call-report.php': {
    call: () => ({ method: 'POST', url: '/api/call-report.php', payload: { call: 2_000_000_000 } }),
    expect: members(404),
  },
  'PUT /api/chat.php': {
    call: (w) => ({ method: 'PUT', url: '/api/chat.php', payload: { conversation: w.blockedConversation } }),
    expect: { visitor: 403, owner: 200, other: 404, blocked: 403 },
  },
  'DELETE /api/chat.php': {
    call: (w) => ({ method: 'DELETE', url: '/api/chat.php', payload: { conversation: w.conversation } }),
    expect: owned(200),
  },
  'PUT /api/chat-safety.php': {
    call: (w) => ({
      method: 'PUT',
      url: '/api/chat-safety.php',
      payload: { conversation: w.conversation, show_explicit: true },
    }),
    expect: owned(200),
  },
  // Any member reports a profile from the sheet, blocked or not; nobody reports their own.
  'POST /api/profile-report.php': {
    call: (w) => ({
      method: 'POST',
      url: '/api/profile-report.php',
      payload: { profile: w.owner.user.profile.id, reason: 'fake_profile' },
    }),
    expect: { visitor: 403, owner: 400, other: 200, blocked: 200 },
  },
  // The receiver reports a message, even from a member they blocked since; nobody else does.
  'POST /api/message-report.php': {
    call: (w) => ({
      method: 'POST',
      url: '/api/message-report.php',
      payload: { message: w.receivedMessage },
    }),
    expect: owned(200),
  },
  'GET /media/c/*': {
    call: (w) => ({ method: 'GET', url: w.chatPhotoUrl }),
    expect: { visitor: 404, owner: 200, other: 404, blocked: 404 },
  },
  'GET /media/*': { call: (w) => ({ method: 'GET', url: w.ownerPhotoUrl }), expect: all(200) },
  'GET /api/credits.php': { call: get('/api/credits.php'), expect: all(200) },
  'POST /api/payment.php': {
    call: (w) => ({
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: w.bundle, method: 'ideal' },
    }),
    expect: members(200),
  },
  'GET /api/payment.php': {
    call: (w) => ({ method: 'GET', url: `/api/payment.php?id=${w.payment}` }),
    expect: owned(200),
  },
  'GET /api/repeat-order.php': { call: get('/api/repeat-order.php'), expect: members(200) },
  'POST /api/repeat-order.php': {
    call: () => ({ method: 'POST', url: '/api/repeat-order.php' }),
    expect: members(409),
  },
  'POST /api/directdebit.php': {
    call: (w) => ({
      method: 'POST',
      url: '/api/directdebit.php',
      payload: {
        package: w.bundle,
        holder: 'Anna de Vries',
        iban: 'NL91ABNA0417164300',
        street: 'Keizersgracht',
        house_number: '12',
        zip: '1015 CX',
        city: 'Amsterdam',
        phone: '+31612345678',
      },
    }),
    expect: members(200),
  },
  'PUT /api/directdebit.php': {
    call: () => ({
      method: 'PUT',
      url: '/api/directdebit.php',
      payload: { request_id: `dd_${'0'.repeat(24)}`, otp: '123456' },
    }),
    expect: members(400),
  },
  'GET /api/transactions.php': { call: get('/api/transactions.php'), expect: members(200) },
  'GET /api/discountcode.php': {
    call: get('/api/discountcode.php?code=TIMEBONUS25'),
    expect: { visitor: 403, owner: 409, other: 200, blocked: 200 },
  },
  'POST /api/discountcode.php': {
    call: () => ({ method: 'POST', url: '/api/discountcode.php', payload: { offer: 'stay' } }),
    expect: members(200),
  },
  'POST /api/payment-webhook.php': {
    call: () => ({
      method: 'POST',
      url: '/api/payment-webhook.php',
      payload: 'id=tr_nope',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: all(200),
  },
  'GET /sandbox/checkout/:id': { call: get(`/sandbox/checkout/${UNKNOWN_PAYMENT}`), expect: all(404) },
  'POST /sandbox/checkout/:id': {
    call: () => ({
      method: 'POST',
      url: `/sandbox/checkout/${UNKNOWN_PAYMENT}`,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: all(404),
  },
  'POST /api/photos.php': {
    call: () => ({ method: 'POST', url: '/api/photos.php', ...photoUpload({}) }),
    expect: members(201),
  },
  // A profile's voice prompt (issue 58): a member's own, with no object to name.
  'GET /api/profile-voice.php': { call: get('/api/profile-voice.php'), expect: members(200) },
  'POST /api/profile-voice.php': {
    call: () => {
      const { body, contentType } = multipartBody(
        { prompt: 'laugh' },
        { field: 'photo', filename: 'a.webm', contentType: 'audio/webm', data: recording },
      )
      return {
        method: 'POST',
        url: '/api/profile-voice.php',
        payload: body,
        headers: { 'content-type': contentType },
      }
    },
    expect: members(201),
  },
  'DELETE /api/profile-voice.php': {
    call: () => ({ method: 'DELETE', url: '/api/profile-voice.php' }),
    expect: members(200),
  },
  // A profile's written prompts (issue 61): a member's own, with no object to name.
  'GET /api/profile-prompts.php': { call: get('/api/profile-prompts.php'), expect: members(200) },
  'PUT /api/profile-prompts.php': {
    call: () => ({
      method: 'PUT',
      url: '/api/profile-prompts.php',
      payload: { answers: [{ prompt: 'happy_place', answer: 'The ferry to Texel at dawn' }], moves: [] },
    }),
    expect: members(200),
  },
  'PUT /api/photos.php': {
    call: (w) => ({ method: 'PUT', url: '/api/photos.php', payload: { photo: w.ownerPhoto } }),
    expect: owned(200),
  },
  'DELETE /api/photos.php': {
    call: (w) => ({ method: 'DELETE', url: '/api/photos.php', payload: { photo: w.ownerPhoto } }),
    expect: owned(200),
  },
  'GET /api/geocode.php': { call: get('/api/geocode.php?lat=52.09&lon=5.12'), expect: all(200) },
  // Verified humans (issue 37): a member's own check only; one photo is not enough to start one.
  'GET /api/verification.php': { call: get('/api/verification.php'), expect: members(200) },
  'POST /api/verification.php': {
    call: () => ({ method: 'POST', url: '/api/verification.php', payload: {} }),
    expect: all(403),
  },
  'POST /api/verification-frame.php': {
    call: () => ({
      method: 'POST',
      url: '/api/verification-frame.php',
      ...photoUpload({ verification: '2000000000', pose: '0', n: '0' }),
    }),
    expect: members(404),
  },
  // An appeal names its report by the mailed token alone: an unknown one is refused to everyone alike.
  'POST /api/appeal.php': {
    call: () => ({
      method: 'POST',
      url: '/api/appeal.php',
      payload: { token: 'not-a-token-of-any-report', text: 'These are my own photos, truly.' },
    }),
    expect: all(404),
  },
  'POST /api/complaints.php': {
    call: (w) => ({
      method: 'POST',
      url: '/api/complaints.php',
      payload: {
        name: 'Matrix',
        email: 'matrix@example.com',
        reason: 'fake_profile',
        message: 'Please look at this profile.',
        profile: w.owner.user.profile.id,
      },
    }),
    expect: all(201),
  },
  // Anyone's first page counts as a visit (the reports'), with the traffic source it came with.
  'POST /api/visit.php': {
    call: () => ({ method: 'POST', url: '/api/visit.php', payload: { network: 'matrix' } }),
    expect: all(200),
  },
  'POST /api/page-bounce.php': {
    call: () => ({
      method: 'POST',
      url: '/api/page-bounce.php',
      payload: { page: '/landers/gallery/eng', seconds: 4, exit: 'closed' },
    }),
    expect: all(200),
  },
  // Notification settings are the member's own; the unsubscribe link's signed token is its own
  // authority (a forged one is refused to everyone); the mail provider's events need its signature.
  'GET /api/notifications.php': { call: get('/api/notifications.php'), expect: members(200) },
  'PUT /api/notifications.php': {
    call: () => ({ method: 'PUT', url: '/api/notifications.php', payload: { push: true } }),
    expect: members(200),
  },
  'GET /api/unsubscribe.php': { call: get('/api/unsubscribe.php?token=nope'), expect: all(303) },
  'POST /api/unsubscribe.php': {
    call: () => ({
      method: 'POST',
      url: '/api/unsubscribe.php?token=1.like.AAAAAAAAAAAAAAAAAAAAAAAA',
      payload: {},
    }),
    expect: all(400),
  },
  'POST /api/mail-events.php': {
    call: () => ({ method: 'POST', url: '/api/mail-events.php', payload: { 'event-data': {} } }),
    expect: all(401),
  },
  // The beacon of a hidden page: a visitor's says nothing and changes nothing.
  'POST /api/page-hidden.php': {
    call: () => ({ method: 'POST', url: '/api/page-hidden.php', payload: {} }),
    expect: all(200),
  },
  'GET /dev/mailbox': { call: get('/dev/mailbox'), expect: all(200) },
  'GET /api/ws': { call: get('/api/ws'), expect: all(403) },
  // The operators' socket: no member session (and no request without an Origin) opens it.
  'GET /api/admin/ws': { call: get('/api/admin/ws'), expect: all(403) },
  'GET /api/*': { call: get('/api/nothing.php'), expect: all(404) },
  'POST /api/*': { call: () => ({ method: 'POST', url: '/api/nothing.php' }), expect: all(404) },
  // Blocking and logging out change who may do what: they go last, undone or on a session of their own.
  'POST /api/block.php': {
    call: (w) => ({ method: 'POST', url: '/api/block.php', payload: { profile: w.owner.user.profile.id } }),
    expect: { visitor: 403, owner: 400, other: 200, blocked: 200 },
  },
  'DELETE /api/block.php': {
    call: (w) => ({ method: 'DELETE', url: '/api/block.php', payload: { profile: w.owner.user.profile.id } }),
    expect: { visitor: 403, owner: 400, other: 200, blocked: 200 },
  },
  'GET /api/logout.php': { call: get('/api/logout.php'), expect: all(200) },
}

/** Methods the catch-all /api/* answers like GET or POST (the route table lists each). */
const CATCH_ALL_ALIASES = new Set([
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'HEAD',
  'TRACE',
  'SEARCH',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'QUERY',
])

let t: TestApp
let world: World

beforeAll(async () => {
  t = await createTestApp()
  jpeg = await testJpeg()
  recording = await readFile(new URL('../tests/fixtures/voice-6s.webm', import.meta.url))
  const owner = await activeMember(t.app, { name: 'Owner', gender: 'female' })
  const other = await activeMember(t.app, { name: 'Other' })
  const blocked = await activeMember(t.app, { name: 'Blocked' })
  const partner = await activeMember(t.app, { name: 'Partner' })
  const as = (m: Member, c: Call) =>
    t.app.inject({ ...c, method: c.method as 'GET', headers: { ...c.headers, cookie: m.cookie } })
  const photo = (await as(owner, { method: 'POST', url: '/api/photos.php', ...photoUpload({}) })).json().photo
  const conversation = (
    await as(partner, {
      method: 'POST',
      url: '/api/message.php',
      payload: { profile: owner.user.profile.id, text: 'Hi', client_id: fresh() },
    })
  ).json().conversation
  const sent = (
    await as(blocked, {
      method: 'POST',
      url: '/api/message-file.php',
      ...photoUpload({
        kind: 'photo',
        profile: String(owner.user.profile.id),
        text: 'Me',
        client_id: fresh(),
      }),
    })
  ).json()
  await as(owner, { method: 'POST', url: '/api/block.php', payload: { profile: blocked.user.profile.id } })
  const bundle = (await as(owner, { method: 'GET', url: '/api/credits.php' })).json().packages[0].id
  const payment = (
    await as(owner, {
      method: 'POST',
      url: '/api/payment.php',
      payload: { package: bundle, method: 'ideal' },
    })
  ).json().payment_id
  await t.database.db.execute(
    (await import('drizzle-orm')).sql`update users set paid_user = true where id = ${owner.user.id}`,
  )
  world = {
    owner,
    other,
    blocked,
    ownerPhoto: photo.id,
    ownerPhotoUrl: photo.filename,
    conversation,
    blockedConversation: sent.conversation,
    chatPhotoUrl: sent.message.photo.filename,
    receivedMessage: sent.message.id,
    payment,
    bundle,
  }
})
afterAll(() => t.close())

describe('authorization matrix', () => {
  it('has a rule for every route of the route table', () => {
    const routes = new Set(
      t.app.routeTable
        .filter(
          (r) => r.method !== 'HEAD' || !t.app.routeTable.some((g) => g.method === 'GET' && g.url === r.url),
        )
        .filter((r) => !(r.url === '/api/*' && CATCH_ALL_ALIASES.has(r.method)))
        .map((r) => `${r.method} ${r.url}`),
    )
    expect([...routes].filter((key) => !RULES[key])).toEqual([])
    expect(Object.keys(RULES).filter((key) => !routes.has(key))).toEqual([])
  })

  it('answers each of visitor, owner, other member and blocked member as the rule says', async () => {
    const wrong: string[] = []
    for (const [key, rule] of Object.entries(RULES)) {
      for (const who of WHO) {
        const call = rule.call(world, who)
        const cookie = who === 'visitor' ? undefined : world[who].cookie
        const res = await t.app.inject({
          method: call.method as 'GET',
          url: call.url,
          payload: call.payload,
          headers: { ...call.headers, ...(cookie ? { cookie } : {}) },
          remoteAddress: `10.77.${WHO.indexOf(who)}.${(n++ % 250) + 1}`,
        })
        if (res.statusCode !== rule.expect[who]) {
          wrong.push(
            `${key} as ${who}: ${res.statusCode} (expected ${rule.expect[who]}) ${res.body.slice(0, 160)}`,
          )
        }
      }
    }
    expect(wrong).toEqual([])
  })
})

import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocks, profiles, users } from '#server/db/schema/members.ts'
import { activeMember } from '../../tests/support/accounts.ts'
import { memberRequest } from '../../tests/support/requests.ts'
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts'
import { queryRows } from './client.ts'
import { DATABASE_FUNCTIONS, functionSource } from './functions.ts'
import { reachable, visibleToOthers } from './profile-cards.ts'
import { writeRefusal } from './write-refusal.ts'

// Who may write to whom is written once, in write_refusal.sql. This walks every combination of the
// states that decide it and holds the function to the rule as documented, and the lists' visibility
// fragments to the same answer.

let t: TestApp
let viewer: Awaited<ReturnType<typeof activeMember>>
let target: Awaited<ReturnType<typeof activeMember>>
let targetProfile: number

beforeAll(async () => {
  t = await createTestApp()
  viewer = await activeMember(t.app, { name: 'Vera' })
  target = await activeMember(t.app, { name: 'Tom' })
  targetProfile = target.user.profile.id
})
afterAll(() => t.close())

interface State {
  status: 'active' | 'rejected'
  hidden: boolean
  invisible: boolean
  known: boolean
  blockedByThem: boolean
  blockedByMe: boolean
  /** The target lets only verified members begin a conversation; the viewer is verified (issue 37). */
  verifiedOnly: boolean
  viewerVerified: boolean
  /** The viewer's new conversations wait for a moderator (their scam score, issue 38). */
  viewerHeld: boolean
}

/** The rule as write_refusal.sql documents it. */
function documented(s: State, context: 'chat' | 'like'): string | null {
  if (s.status !== 'active' || s.hidden) return 'member.not_found'
  if (s.invisible && !s.known) return 'member.not_found'
  if (s.blockedByThem) return 'member.blocked'
  if (s.blockedByMe) return `${context}.blocked_by_you`
  if (context === 'chat' && !s.known && s.viewerHeld) return 'chat.held'
  if (context === 'chat' && !s.known && s.verifiedOnly && !s.viewerVerified) return 'chat.verified_only'
  return null
}

function* states(): Generator<State> {
  for (const status of ['active', 'rejected'] as const)
    for (let bits = 0; bits < 256; bits++)
      yield {
        status,
        hidden: Boolean(bits & 1),
        invisible: Boolean(bits & 2),
        known: Boolean(bits & 4),
        blockedByThem: Boolean(bits & 8),
        blockedByMe: Boolean(bits & 16),
        verifiedOnly: Boolean(bits & 32),
        viewerVerified: Boolean(bits & 64),
        viewerHeld: Boolean(bits & 128),
      }
}

async function enter(s: State) {
  const db = t.database.db
  await db
    .update(profiles)
    .set({ status: s.status, hidden: s.hidden, invisible: s.invisible })
    .where(eq(profiles.id, targetProfile))
  await db.update(users).set({ verifiedContactOnly: s.verifiedOnly }).where(eq(users.id, target.user.id))
  await db
    .update(users)
    .set({ openingsHeldSince: s.viewerHeld ? new Date('2026-11-27T10:00:00Z') : null })
    .where(eq(users.id, viewer.user.id))
  // Verified: the main photo is the one a live check matched (no photo file is needed for the rule).
  const photo = s.viewerVerified ? 2_000_000_000 : null
  await db
    .update(profiles)
    .set({ mainPhotoId: photo, verifiedPhotoId: photo })
    .where(eq(profiles.userId, viewer.user.id))
  await db.delete(blocks).where(sql`${blocks.blockerUserId} in (${viewer.user.id}, ${target.user.id})`)
  if (s.blockedByThem)
    await db.insert(blocks).values({ blockerUserId: target.user.id, blockedUserId: viewer.user.id })
  if (s.blockedByMe)
    await db.insert(blocks).values({ blockerUserId: viewer.user.id, blockedUserId: target.user.id })
}

describe('write_refusal', () => {
  it('answers every combination of status, ban, invisibility, conversation, blocks and verified-only and held openings as documented', async () => {
    for (const s of states()) {
      await enter(s)
      const [row] = await t.database.db
        .select({
          chat: writeRefusal(viewer.user.id, 'chat', s.known),
          like: writeRefusal(viewer.user.id, 'like', s.known),
          reachable: reachable(),
          visible: visibleToOthers(),
        })
        .from(profiles)
        .where(eq(profiles.id, targetProfile))
      expect({ chat: row.chat, like: row.like }, JSON.stringify(s)).toEqual({
        chat: documented(s, 'chat'),
        like: documented(s, 'like'),
      })
      // The lists show a partner exactly when the rule finds them, blocks aside.
      const found = (known: boolean) =>
        documented(
          { ...s, known, blockedByThem: false, blockedByMe: false, verifiedOnly: false, viewerHeld: false },
          'chat',
        )
      expect(row.reachable, JSON.stringify(s)).toBe(found(true) === null)
      expect(row.visible, JSON.stringify(s)).toBe(found(false) === null)
    }
    await enter({
      status: 'active',
      hidden: false,
      invisible: false,
      known: false,
      blockedByThem: false,
      blockedByMe: false,
      verifiedOnly: false,
      viewerVerified: false,
      viewerHeld: false,
    })
  })

  it('refuses writing to oneself in the context asked', async () => {
    const [row] = await t.database.db
      .select({ chat: writeRefusal(viewer.user.id, 'chat'), like: writeRefusal(viewer.user.id, 'like') })
      .from(profiles)
      .where(eq(profiles.userId, viewer.user.id))
    expect(row).toEqual({ chat: 'chat.self', like: 'like.self' })
  })

  it('is what chat_send and a like answer', async () => {
    const send = () =>
      memberRequest(t.app, viewer, 'POST', '/api/message.php', {
        profile: targetProfile,
        text: 'Hi',
        client_id: `c${Date.now()}`,
      })
    const like = () => memberRequest(t.app, viewer, 'POST', '/api/like.php', { profile: targetProfile })
    for (const s of [
      { invisible: true, blockedByThem: false, blockedByMe: false },
      { invisible: false, blockedByThem: true, blockedByMe: false },
      { invisible: false, blockedByThem: false, blockedByMe: true },
      { invisible: false, blockedByThem: false, blockedByMe: false, verifiedOnly: true },
    ]) {
      const state = {
        status: 'active' as const,
        hidden: false,
        known: false,
        verifiedOnly: false,
        viewerVerified: false,
        viewerHeld: false,
        ...s,
      }
      await enter(state)
      expect((await send()).json().error.code, JSON.stringify(s)).toBe(documented(state, 'chat'))
      // A like is never refused for want of a verified profile: it starts no conversation.
      expect((await like()).json().error?.code ?? null, JSON.stringify(s)).toBe(documented(state, 'like'))
    }
    await t.database.db.delete(blocks).where(and(eq(blocks.blockerUserId, viewer.user.id)))
  })
})

describe('database functions', () => {
  it('run the source kept in server/db/functions', async () => {
    for (const name of DATABASE_FUNCTIONS) {
      const body = functionSource(name).split('$$')[1]
      const [row] = await queryRows<{ prosrc: string }>(
        t.database.db,
        sql`select prosrc from pg_proc where proname = ${name}`,
      )
      expect(row.prosrc, name).toBe(body)
    }
  })
})

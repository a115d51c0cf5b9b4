import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles } from '#server/db/schema/members.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { sendPaidMessage } from '../../../tests/support/chat.ts'
import { memberRequest } from '../../../tests/support/requests.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

type Member = Awaited<ReturnType<typeof activeMember>>
let t: TestApp
let at = new Date('2026-03-04T10:00:00Z')
const later = (ms: number) => {
  at = new Date(at.getTime() + ms)
}
const presenceOn = async (viewer: Member, shown: Member) =>
  (await memberRequest(t.app, viewer, 'GET', `/api/member.php?id=${shown.user.profile.id}`)).json().profile
    .presence

beforeAll(async () => {
  t = await createTestApp({ clock: () => at })
})
afterAll(async () => {
  await t.close()
})

describe('presence as others see it', () => {
  it('is "online" with a visible page, "today" within a day of it, then nothing', async () => {
    const shown = await activeMember(t.app, { name: 'Ada', gender: 'female' })
    const viewer = await activeMember(t.app)
    expect(await presenceOn(viewer, shown)).toBeNull()
    await t.app.services.notifications.online([shown.user.id])
    expect(await presenceOn(viewer, shown)).toBe('online')
    later(2 * 60_000)
    expect(await presenceOn(viewer, shown)).toBe('today')
    later(23 * 3_600_000)
    expect(await presenceOn(viewer, shown)).toBe('today')
    later(3_600_000)
    expect(await presenceOn(viewer, shown)).toBeNull()
    // The page hidden: no longer online, still active today.
    await t.app.services.notifications.online([shown.user.id])
    await memberRequest(t.app, shown, 'POST', '/api/page-hidden.php', {})
    expect(await presenceOn(viewer, shown)).toBe('today')
  })

  it('shows nothing of an invisible member (in the chat list where they still are), nor of a fictional profile', async () => {
    const hidden = await activeMember(t.app, { name: 'Iris', gender: 'female' })
    const viewer = await activeMember(t.app)
    await sendPaidMessage(t.app, viewer, hidden, 'Hello Iris')
    await t.app.services.notifications.online([hidden.user.id])
    const chats = async () => (await memberRequest(t.app, viewer, 'GET', '/api/chats.php')).json().chats
    expect((await chats())[0].profile.presence).toBe('online')
    await t.database.db.update(profiles).set({ invisible: true }).where(eq(profiles.userId, hidden.user.id))
    expect((await chats())[0].profile).toMatchObject({ name: 'Iris', presence: null })

    const fictional = await activeMember(t.app, { name: 'Fiona', gender: 'female' })
    await t.database.db
      .update(profiles)
      .set({ fictional: true })
      .where(eq(profiles.userId, fictional.user.id))
    await t.app.services.notifications.online([fictional.user.id])
    expect(await presenceOn(viewer, fictional)).toBeNull()
  })
})

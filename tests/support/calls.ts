import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { users } from '#server/db/schema/members.ts'
import { activeMember } from './accounts.ts'
import { memberRequest } from './requests.ts'
import type { TestApp } from './test-app.ts'

// Members who may call each other (issue 59): the calls' tests and the missed-call push's share them.

export type Member = Awaited<ReturnType<typeof activeMember>>

/** A Premium member with `credits` to pay for messages and calls. */
export async function callingMember(t: TestApp, name: string, credits = 500): Promise<Member> {
  const m = await activeMember(t.app, { name })
  await t.database.db.update(users).set({ credits, paidUser: true }).where(eq(users.id, m.user.id))
  return m
}

/** The conversation `a` opens with `b`, who answers in it unless `answered` is false. */
export async function talking(t: TestApp, a: Member, b: Member, answered = true): Promise<number> {
  const write = (from: Member, to: { profile: number } | { conversation: number }, text: string) =>
    memberRequest(t.app, from, 'POST', '/api/message.php', {
      ...to,
      text,
      client_id: randomBytes(9).toString('base64url'),
    })
  const conversation = Number(
    (await write(a, { profile: b.user.profile.id }, 'Hi there')).json().conversation,
  )
  if (answered) await write(b, { conversation }, 'Hello back')
  return conversation
}

/** A member allows calls in a conversation, or stops allowing them. */
export const allowCalls = (t: TestApp, m: Member, conversation: number, allowed = true) =>
  memberRequest(t.app, m, 'PUT', '/api/call-consent.php', { conversation, allowed })

/** Two members who both wrote in their conversation and both allow calls there; the caller has `callerCredits`. */
export async function callablePair(t: TestApp, [caller, callee]: [string, string], callerCredits = 500) {
  const a = await callingMember(t, caller)
  const b = await callingMember(t, callee)
  const conversation = await talking(t, a, b)
  await t.database.db.update(users).set({ credits: callerCredits }).where(eq(users.id, a.user.id))
  await allowCalls(t, a, conversation)
  await allowCalls(t, b, conversation)
  return { a, b, conversation }
}

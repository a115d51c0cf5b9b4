import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { profiles, users } from '#server/db/schema/members.ts'

let counter = 0

/** Signs a new member up through the API; answers the user, the session cookie and the credentials. */
export async function signupMember(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  counter++
  const body = {
    email: `member-${process.pid}-${counter}-${Date.now()}@example.com`,
    name: 'Julien',
    password: 'amber-lantern-77',
    date_of_birth: '1988-09-09',
    gender: 'male',
    ...overrides,
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup.php',
    payload: body,
    headers: { host: 'localhost:3000' },
    remoteAddress: `127.1.${Math.floor(counter / 250)}.${counter % 250}`,
  })
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.body}`)
  const token = res.cookies.find((c) => c.name === 'auth.session')?.value ?? ''
  return {
    user: res.json().user,
    cookie: `auth.session=${token}`,
    email: body.email,
    password: body.password,
  }
}

/** A member who signed up and activated their account: visible to others. */
export async function activeMember(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const member = await signupMember(app, overrides)
  const db = app.database.db
  await db.update(users).set({ status: 'active' }).where(eq(users.id, member.user.id))
  await db.update(profiles).set({ status: 'active' }).where(eq(profiles.userId, member.user.id))
  return member
}

/** Logs a member in with their e-mail address and password, as the login form does. */
export function logIn(app: FastifyInstance, member: { email: string; password: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { host: 'localhost:3000', 'sec-fetch-site': 'same-origin' },
    payload: { email: member.email, password: member.password },
  })
}

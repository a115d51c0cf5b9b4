import type { FastifyInstance } from 'fastify'
import type { StaffRole } from '#common/staff.ts'
import { totpCode, totpStep } from '#server/lib/totp.ts'

let count = 0

export interface TestStaff {
  email: string
  password: string
  secret: string
  role: StaffRole
  /** The `auth.staff` cookie of a session with both factors given. */
  cookie: string
  recoveryCodes: string[]
}

function staffCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const token = res.cookies.find((c) => c.name === 'auth.staff')?.value
  if (!token) throw new Error('no auth.staff cookie')
  return `auth.staff=${token}`
}

export const remote = () => `10.200.${(++count >> 8) & 255}.${count & 255}`

/**
 * A staff member made as the command line makes one, then logged in through the API: password,
 * then the first code from the authenticator app (enrollment), at the app's clock time.
 */
export async function staffMember(
  app: FastifyInstance,
  role: StaffRole,
  now: () => Date,
): Promise<TestStaff> {
  count++
  const email = `staff-${process.pid}-${count}@example.com`
  const password = 'correct-horse-battery-staple'
  const { otpauthUrl } = await app.services.staff.create(
    { email, role, password },
    { staffId: null, email: 'command line', role: 'cli', ip: null },
  )
  const secret = new URL(otpauthUrl).searchParams.get('secret') ?? ''
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login.php',
    payload: { email, password },
    remoteAddress: remote(),
  })
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.body}`)
  const half = staffCookie(login)
  const factor = await app.inject({
    method: 'POST',
    url: '/api/admin/second-factor.php',
    payload: { code: totpCode(secret, totpStep(now())) },
    headers: { cookie: half },
    remoteAddress: remote(),
  })
  if (factor.statusCode !== 200) throw new Error(`second factor failed: ${factor.body}`)
  return { email, password, secret, role, cookie: half, recoveryCodes: factor.json().recovery_codes }
}

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, type Call, consoleCalls } from '#common/api.ts'
import { STAFF_ROLES, type StaffRole } from '#common/staff.ts'
import { queryRows } from '#server/db/client.ts'
import { totpCode, totpStep } from '#server/lib/totp.ts'
import { activeMember } from '../../../tests/support/accounts.ts'
import { remote, staffMember, type TestStaff } from '../../../tests/support/staff.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let clock = new Date('2031-05-06T07:08:09Z')
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock })
})
afterAll(() => t.close())

const call = (cookie: string | null, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    payload,
    headers: cookie ? { cookie } : {},
    remoteAddress: remote(),
  })

const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
  `auth.staff=${res.cookies.find((c) => c.name === 'auth.staff')?.value}`

const auditCount = async () =>
  Number((await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log`))[0].n)

describe('staff login', () => {
  it('enrolls the authenticator app at the first login, then asks its code; recovery codes work once', async () => {
    const { otpauthUrl } = await t.app.services.staff.create(
      { email: 'Mod@Example.com', role: 'moderator', password: 'a-long-staff-password' },
      { staffId: null, email: 'command line', role: 'cli', ip: null },
    )
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*mod%40example\.com\?secret=[A-Z2-7]+/)
    const secret = new URL(otpauthUrl).searchParams.get('secret') ?? ''

    const first = await call(null, 'POST', '/api/admin/login.php', {
      email: 'mod@example.com',
      password: 'a-long-staff-password',
    })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ step: 'enroll', otpauth_url: otpauthUrl })
    expect(first.json().qr_svg).toContain('<svg')
    const half = cookieOf(first)
    // A half-open session reaches no console call.
    expect((await call(half, 'GET', '/api/admin/audit.php')).statusCode).toBe(401)
    expect(
      (await call(half, 'POST', '/api/admin/second-factor.php', { code: '000000' })).json().error.code,
    ).toBe('staff.code_wrong')
    const enrolled = await call(half, 'POST', '/api/admin/second-factor.php', {
      code: totpCode(secret, totpStep(clock)),
    })
    expect(enrolled.statusCode).toBe(200)
    const codes: string[] = enrolled.json().recovery_codes
    expect(codes).toHaveLength(10)

    // The next login asks for a code; the code just used does not work twice.
    const second = await call(null, 'POST', '/api/admin/login.php', {
      email: 'mod@example.com',
      password: 'a-long-staff-password',
    })
    expect(second.json()).toEqual({ step: 'code' })
    const again = cookieOf(second)
    expect(
      (await call(again, 'POST', '/api/admin/second-factor.php', { code: totpCode(secret, totpStep(clock)) }))
        .statusCode,
    ).toBe(401)
    const byRecovery = await call(again, 'POST', '/api/admin/second-factor.php', { code: codes[0] })
    expect(byRecovery.statusCode).toBe(200)
    expect(byRecovery.json().recovery_codes).toBeUndefined()

    const third = cookieOf(
      await call(null, 'POST', '/api/admin/login.php', {
        email: 'mod@example.com',
        password: 'a-long-staff-password',
      }),
    )
    expect((await call(third, 'POST', '/api/admin/second-factor.php', { code: codes[0] })).statusCode).toBe(
      401,
    )
  })

  it('throttles passwords and codes like members’ logins', async () => {
    const staff = await staffMember(t.app, 'support', () => clock)
    const login = () =>
      call(null, 'POST', '/api/admin/login.php', { email: staff.email, password: staff.password })
    const half = cookieOf(await login())
    let last = 0
    for (let i = 0; i < 6; i++) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/second-factor.php',
          payload: { code: '123456' },
          headers: { cookie: half },
          remoteAddress: '10.9.9.9',
        })
      ).statusCode
    }
    expect(last).toBe(429)
    const wrong = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login.php',
        payload: { email: 'nobody@example.com', password },
        remoteAddress: '10.9.9.8',
      })
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await wrong(`wrong-${i}`)).statusCode)
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses[5]).toBe(429)
  })

  it('ends a session after 30 minutes without a request and 8 hours after login', async () => {
    const staff = await staffMember(t.app, 'admin', () => clock)
    const audit = () => call(staff.cookie, 'GET', '/api/admin/audit.php')
    expect((await audit()).statusCode).toBe(200)
    for (let i = 0; i < 17; i++) {
      clock = new Date(clock.getTime() + 29 * 60_000)
      expect((await audit()).statusCode, `after ${i + 1} × 29 min`).toBe(
        i < 16 && (i + 1) * 29 < 480 ? 200 : 401,
      )
    }
    const idle = await staffMember(t.app, 'admin', () => clock)
    clock = new Date(clock.getTime() + 31 * 60_000)
    expect((await call(idle.cookie, 'GET', '/api/admin/audit.php')).statusCode).toBe(401)
  })

  it('never lets a member session in, nor a staff cookie into the member side', async () => {
    const member = await activeMember(t.app)
    expect((await call(member.cookie, 'GET', '/api/admin/audit.php')).statusCode).toBe(401)
    const staff = await staffMember(t.app, 'admin', () => clock)
    expect((await call(staff.cookie, 'GET', '/api/likes.php')).statusCode).toBe(403)
  })
})

describe('staff management', () => {
  it('lets admins make accounts, change roles, disable them and reset a lost second factor; sessions end', async () => {
    const admin = await staffMember(t.app, 'admin', () => clock)
    const colleague = await staffMember(t.app, 'support', () => clock)
    const made = await call(admin.cookie, 'POST', '/api/admin/staff.php', {
      email: 'New.Mod@Example.com',
      role: 'moderator',
      password: 'a-long-first-password',
    })
    expect(made.statusCode).toBe(201)
    expect(made.json().staff).toMatchObject({
      email: 'new.mod@example.com',
      role: 'moderator',
      enrolled: false,
    })
    expect(made.json().otpauth_url).toMatch(/^otpauth:\/\/totp\//)
    const list = (await call(admin.cookie, 'GET', '/api/admin/staff.php')).json().staff
    expect(list.map((s: { email: string }) => s.email)).toContain('new.mod@example.com')

    // Support becomes a moderator: the old session ends, the new role holds at the next login.
    const promote = await call(admin.cookie, 'PUT', '/api/admin/staff.php', {
      staff: (await t.app.services.staffAdmin.list()).staff.find((s) => s.email === colleague.email)?.id,
      role: 'moderator',
      reason: 'Moved to the moderation team',
    })
    expect(promote.statusCode).toBe(200)
    expect((await call(colleague.cookie, 'GET', '/api/admin/reports.php')).statusCode).toBe(401)

    const id = made.json().staff.id
    await call(admin.cookie, 'PUT', '/api/admin/staff.php', {
      staff: id,
      status: 'disabled',
      reason: 'Left the company',
    })
    const login = await call(null, 'POST', '/api/admin/login.php', {
      email: 'new.mod@example.com',
      password: 'a-long-first-password',
    })
    expect(login.statusCode).toBe(401)
    const me = (await t.app.services.staffAdmin.list()).staff.find((s) => s.email === admin.email)?.id
    const self = await call(admin.cookie, 'PUT', '/api/admin/staff.php', {
      staff: me,
      status: 'disabled',
      reason: 'Oops, myself',
    })
    expect(self.json().error.code).toBe('staff.not_yourself')

    // A reset second factor: the next login enrolls the app again.
    await call(admin.cookie, 'PUT', '/api/admin/staff.php', {
      staff: id,
      status: 'active',
      reset_second_factor: true,
      reason: 'Lost their phone',
    })
    const again = await call(null, 'POST', '/api/admin/login.php', {
      email: 'new.mod@example.com',
      password: 'a-long-first-password',
    })
    expect(again.json().step).toBe('enroll')
    const actions = (await call(admin.cookie, 'GET', `/api/admin/audit.php?target=staff:${id}`))
      .json()
      .entries.map((e: { action: string }) => e.action)
    expect(actions).toEqual(['staff.update', 'staff.update', 'staff.create'])
    // Only admins manage staff.
    const moderator = await staffMember(t.app, 'moderator', () => clock)
    expect((await call(moderator.cookie, 'GET', '/api/admin/staff.php')).statusCode).toBe(403)
  })
})

describe('the console’s language (issue 39)', () => {
  it('answers a staff member in the language they chose, before the browser’s', async () => {
    const moderator = await staffMember(t.app, 'moderator', () => clock)
    const refuse = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/member-moderation.php',
        payload: { user: 1, outcome: 'ban', reason: 'Harassment again.' },
        headers: { cookie: moderator.cookie, 'accept-language': 'en-GB,en' },
        remoteAddress: remote(),
      })
    expect((await refuse()).json().error.fields.confirm).toBe('Confirm the ban first: tick the box.')
    const identity = await t.app.services.staff.staffForToken(moderator.cookie.split('=')[1])
    if (!identity) throw new Error('no session')
    expect(identity.language).toBeNull()
    await t.app.services.staff.setLanguage(identity, 'fr')
    expect((await refuse()).json().error).toMatchObject({
      message: expect.stringMatching(/^Certaines informations/),
      fields: { confirm: 'Confirmez d’abord le bannissement\u202f: cochez la case.' },
    })
    // The member side never reads the staff cookie: its answers follow the browser.
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: 'nobody@example.com', password: 'x' },
      headers: { cookie: moderator.cookie, 'accept-language': 'en-GB,en' },
      remoteAddress: remote(),
    })
    expect(member.json().error.message).not.toMatch(/[éè]|Identifiants/)
  })
})

describe('the audit log', () => {
  it('records each step in the step’s transaction, and nothing for a step that failed', async () => {
    const before = await auditCount()
    const staff = await staffMember(t.app, 'admin', () => clock)
    // create, totp_enrolled, login
    expect(await auditCount()).toBe(before + 3)
    await expect(
      t.app.services.staff.create(
        { email: staff.email, role: 'admin', password: 'another-long-password' },
        { staffId: null, email: 'command line', role: 'cli', ip: null },
      ),
    ).rejects.toThrow('staff.email_taken')
    expect(await auditCount()).toBe(before + 3)
    const list = await call(staff.cookie, 'GET', `/api/admin/audit.php?target=staff`)
    const actions = list
      .json()
      .entries.slice(0, 3)
      .map((e: { action: string }) => e.action)
    expect(actions).toEqual(['staff.login', 'staff.totp_enrolled', 'staff.create'])
    const mine = await call(
      staff.cookie,
      'GET',
      `/api/admin/audit.php?staff=${encodeURIComponent(staff.email)}`,
    )
    expect(mine.json().entries.every((e: { staff_email: string }) => e.staff_email === staff.email)).toBe(
      true,
    )
    expect(mine.json().entries[0]).toMatchObject({
      role: 'admin',
      action: 'staff.login',
      target_type: 'staff',
    })
  })

  it('is append-only', async () => {
    await expect(t.database.db.execute(sql`update audit_log set reason = 'x'`)).rejects.toThrow()
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow()
  })
})

describe('the console’s authorization matrix', () => {
  let people: Record<StaffRole, TestStaff>
  let memberCookie: string
  let halfCookie: string
  beforeAll(async () => {
    people = {} as Record<StaffRole, TestStaff>
    for (const role of STAFF_ROLES) people[role] = await staffMember(t.app, role, () => clock)
    memberCookie = (await activeMember(t.app)).cookie
    halfCookie = cookieOf(
      await call(null, 'POST', '/api/admin/login.php', {
        email: people.admin.email,
        password: people.admin.password,
      }),
    )
  })

  it('declares roles on every console call', () => {
    const open = new Set<string>([api.staffLogin.path, api.staffSecondFactor.path, api.staffLogout.path])
    const undeclared = (Object.values(api) as Call[]).filter(
      (c) => c.path.startsWith('/api/admin/') && !c.roles && !open.has(c.path),
    )
    expect(undeclared.map((c) => c.name)).toEqual([])
  })

  it('answers visitor, member, half-logged staff and each role as each call declares', async () => {
    const wrong: string[] = []
    for (const c of consoleCalls) {
      const askers: Array<[string, string | null, number[]]> = [
        ['visitor', null, [401]],
        ['member', memberCookie, [401]],
        ['half', halfCookie, [401]],
        ...STAFF_ROLES.map((role): [string, string, number[]] => [
          role,
          people[role].cookie,
          role === 'admin' || c.roles?.includes(role) ? [200, 201, 400, 404] : [403],
        ]),
      ]
      for (const [who, cookie, allowed] of askers) {
        const res = await call(cookie, c.method, c.path, c.body ? {} : undefined)
        if (!allowed.includes(res.statusCode)) wrong.push(`${c.name} as ${who}: ${res.statusCode}`)
      }
    }
    expect(wrong).toEqual([])
  })
})

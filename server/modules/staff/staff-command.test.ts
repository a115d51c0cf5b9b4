import { existsSync, statSync } from 'node:fs'
import { connect } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '#server/db/client.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { listenForStaffCommands, sendStaffCommand, staffSocketPath } from './staff-command.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await listenForStaffCommands(t.app, t.env.DATA_DIR)
})
afterAll(() => t.close())

const create = (email: string, password = 'a-long-staff-password') =>
  sendStaffCommand(t.env.DATA_DIR, { command: 'create', email, role: 'admin', password })

describe('the staff command socket (npm run staff while the server holds the embedded database)', () => {
  it('makes the account through the running server, audited as the command line', async () => {
    const answer = await create('first-admin@example.com')
    expect(answer).toMatchObject({ ok: true, email: 'first-admin@example.com', role: 'admin' })
    expect(answer?.ok && answer.otpauthUrl).toMatch(/^otpauth:\/\/totp\//)
    const audit = await queryRows<{ staff_email: string; action: string }>(
      t.database.db,
      sql`select staff_email, action from audit_log`,
    )
    expect(audit).toEqual([{ staff_email: 'command line', action: expect.stringContaining('staff') }])
  })

  it("answers the service's refusals as codes the command turns into sentences", async () => {
    expect(await create('first-admin@example.com')).toEqual({
      ok: false,
      code: 'staff.email_taken',
      values: {},
    })
    expect(await create('second@example.com', 'short')).toMatchObject({
      ok: false,
      code: 'staff.password_short',
    })
  })

  it('is open to its owner only, and refuses what is not a command without falling over', async () => {
    expect(statSync(staffSocketPath(t.env.DATA_DIR)).mode & 0o777).toBe(0o600)
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(staffSocketPath(t.env.DATA_DIR))
      let text = ''
      socket.on('connect', () => socket.write('{not json\n'))
      socket.on('data', (chunk) => {
        text += chunk
      })
      socket.on('end', () => resolve(text))
    })
    expect(JSON.parse(answer)).toMatchObject({ ok: false, code: 'staff.command_invalid' })
    expect(await create('still-up@example.com')).toMatchObject({ ok: true })
  })

  it('is gone with the server: the command then knows that no server listens', async () => {
    const socket = staffSocketPath(t.env.DATA_DIR)
    await t.app.close()
    expect(existsSync(socket)).toBe(false)
    expect(await create('late@example.com')).toBeNull()
  })
})

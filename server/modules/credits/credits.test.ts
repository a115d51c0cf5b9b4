import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeMember } from '../../../tests/support/accounts.ts'
import { creditAccount } from '../../../tests/support/credits.ts'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'
import { changeCredits } from './credits.service.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function balanceAndLedger(userId: number) {
  const { credits, ledger, entries } = await creditAccount(t.database.db, userId)
  return { credits, ledger, rows: entries }
}

describe('changeCredits (credit_change)', () => {
  it('adds and removes credits with a ledger row each, never below zero, and each change once', async () => {
    const { user } = await activeMember(t.app, { name: 'Ledger' })
    const db = t.database.db
    const before = await balanceAndLedger(user.id)
    const change = (delta: number, reference: string) =>
      db.transaction((tx) => changeCredits(tx, { userId: user.id, delta, reason: 'test', reference }))

    expect(await change(100, 'grant')).toBe(before.credits + 100)
    expect(await change(-(before.credits + 40), 'spend')).toBe(60)
    await expect(change(-61, 'too-much')).rejects.toMatchObject({ code: 'credits.insufficient', status: 402 })
    await expect(change(100, 'grant')).rejects.toMatchObject({ code: 'credits.already_applied', status: 409 })
    expect(await change(-60, 'all')).toBe(0)

    const after = await balanceAndLedger(user.id)
    expect(after).toEqual({ credits: 0, ledger: 0, rows: before.rows + 3 })
  })
})

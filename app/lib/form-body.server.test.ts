import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formBody } from './form-body.server.ts'

describe('a form read by its call’s schema', () => {
  const Body = z.object({
    user: z.number().int().positive(),
    days: z.number().int().optional(),
    reason: z.string().min(1),
    confirm: z.boolean().optional(),
    note: z.string().nullable().default(null),
  })

  it('turns the schema’s numbers and yes/no into theirs, leaves the words, and drops empty fields', () => {
    expect(formBody(Body, { user: '12', days: '', reason: '3', confirm: 'true', note: 'x' })).toEqual({
      user: 12,
      reason: '3',
      confirm: true,
      note: 'x',
    })
    expect(Body.parse(formBody(Body, { user: '12', reason: 'spam' }))).toEqual({
      user: 12,
      reason: 'spam',
      note: null,
    })
  })

  it('leaves a number that is not one for the schema to refuse, in the member’s words', () => {
    expect(Body.safeParse(formBody(Body, { user: 'twelve', reason: 'spam' })).success).toBe(false)
  })

  it('reads the fields of each option of a union and of a refined object', () => {
    const Action = z.union([
      z.object({ action: z.literal('credit'), amount: z.number() }),
      z.object({ action: z.literal('note'), text: z.string() }),
    ])
    expect(formBody(Action, { action: 'credit', amount: '5' })).toEqual({ action: 'credit', amount: 5 })
    const Refined = Body.refine((b) => b.user !== 1)
    expect(formBody(Refined, { user: '7', reason: 'r' })).toEqual({ user: 7, reason: 'r' })
  })

  it('passes what a page already made of its fields as it is', () => {
    expect(formBody(Body, { user: 4, reason: ['a', 'b'] })).toEqual({ user: 4, reason: ['a', 'b'] })
  })

  it('keeps an empty text its schema takes (a text cleared), and drops one it would refuse', () => {
    const Profile = z.object({ about: z.string().max(500), headline: z.string().min(3).optional() })
    expect(formBody(Profile, { about: '', headline: '' })).toEqual({ about: '' })
    // A required text left empty is refused by its own rule, not as a missing field.
    const Reason = z.object({ reason: z.string().min(3, { error: 'reason_required' }) })
    expect(Reason.safeParse(formBody(Reason, { reason: '' })).error?.issues[0]?.message).toBe(
      'reason_required',
    )
  })
})

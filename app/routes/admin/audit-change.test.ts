import { describe, expect, it } from 'vitest'
import { auditChanges } from './audit-change.ts'

describe('an audit entry’s change, field by field', () => {
  it('lists the fields that changed, nested ones by their path, lists with commas', () => {
    expect(
      auditChanges(
        { status: 'active', role: 'support', company: { name: 'Luna', city: 'Amsterdam' }, tags: ['a'] },
        {
          status: 'disabled',
          role: 'support',
          company: { name: 'Luna BV', city: 'Amsterdam' },
          tags: ['a', 'b'],
        },
      ),
    ).toEqual([
      { field: 'status', before: 'active', after: 'disabled' },
      { field: 'company.name', before: 'Luna', after: 'Luna BV' },
      { field: 'tags', before: 'a', after: 'a, b' },
    ])
  })

  it('lists every field of an action with one side, and empty values as a dash', () => {
    expect(auditChanges(null, { credits: 5, reason: null })).toEqual([
      { field: 'credits', after: '5' },
      { field: 'reason', after: '—' },
    ])
    expect(auditChanges({ ip: '127.0.0.1' }, undefined)).toEqual([{ field: 'ip', before: '127.0.0.1' }])
    expect(auditChanges(3, 4)).toEqual([{ field: 'value', before: '3', after: '4' }])
    expect(auditChanges(null, null)).toEqual([])
    // A field one side of a change names alone is context, not a change.
    expect(auditChanges({ member: 61, status: 'open' }, { status: 'decided', outcome: 'ban' })).toEqual([
      { field: 'member', value: '61' },
      { field: 'status', before: 'open', after: 'decided' },
      { field: 'outcome', value: 'ban' },
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS } from './audit-actions.ts'
import enConsole from './i18n/en-console.json' with { type: 'json' }
import frConsole from './i18n/fr-console.json' with { type: 'json' }
import { PAYMENT_STATUSES } from './schemas/credits.ts'

/** Every key of a bundle, by its path. */
function keys(bundle: unknown, path = ''): string[] {
  if (bundle && typeof bundle === 'object')
    return Object.entries(bundle).flatMap(([key, value]) => keys(value, path ? `${path}.${key}` : key))
  return [path]
}

/** The string at a key's path. */
const at = (bundle: unknown, key: string) =>
  key.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], bundle)

describe('the console in both languages (issue 39)', () => {
  it('has every console string in French that it has in English, and no other', () => {
    expect(keys(frConsole).sort()).toEqual(keys(enConsole).sort())
  })

  it('says each French string in French, not in English', () => {
    const same = keys(frConsole).filter((k) => {
      const fr = String(at(frConsole, k))
      // Words both languages write alike (Console, Photos, Code, Site, Total, Page…) may stay.
      return fr === at(enConsole, k) && fr.split(/\s+/).length > 2
    })
    expect(same).toEqual([])
  })

  it('names every action the audit log records and every payment status, in both languages', () => {
    for (const bundle of [enConsole, frConsole]) {
      for (const action of AUDIT_ACTIONS)
        expect(typeof at(bundle, `console.audit.actions.${action}`), action).toBe('string')
      for (const status of [...PAYMENT_STATUSES, 'charged_back'])
        expect(typeof at(bundle, `console.statuses.payment.${status}`), status).toBe('string')
    }
  })
})

import { describe, expect, it } from 'vitest'
import { claimsIn, coverage, parseRules } from './spec-rules.ts'

/** A claim as a test writes it, built here so that this file claims no rule itself. */
const tag = (ids: string) => `// ${'spec'}: ${ids}`

const MARKDOWN = `# Requirements

- **NAV-1** Logged in, the navigation offers search.
- **NAV-2** Those counts show "99+" from 100,
  over two lines.
Not a rule: - **NAV-3** in a sentence.
- **ERR-1** An unexpected failure says so.
`

describe('the specification rules and their tests', () => {
  it('reads each rule with its id and first line', () => {
    expect(parseRules(MARKDOWN)).toEqual([
      { id: 'NAV-1', text: 'Logged in, the navigation offers search.' },
      { id: 'NAV-2', text: 'Those counts show "99+" from 100,' },
      { id: 'ERR-1', text: 'An unexpected failure says so.' },
    ])
  })

  it('finds the ids a test file claims, one or several per comment', () => {
    expect(claimsIn(`${tag('NAV-1')}\ntest('a', () => {})\n  ${tag('ERR-1, NAV-2')}\n`)).toEqual([
      'NAV-1',
      'ERR-1',
      'NAV-2',
    ])
    expect(claimsIn('// the spec says NAV-1')).toEqual([])
  })

  it('names the rules no test claims, and the claims that name no rule', () => {
    const result = coverage(parseRules(MARKDOWN), [
      { path: 'a.test.ts', source: tag('NAV-1, NAV-9') },
      { path: 'b.spec.ts', source: tag('ERR-1') },
    ])
    expect(result.unclaimed.map((r) => r.id)).toEqual(['NAV-2'])
    expect(result.unknown).toEqual([{ id: 'NAV-9', file: 'a.test.ts' }])
    expect(result.claimedCount).toBe(2)
    expect(coverage(parseRules(`${MARKDOWN}- **NAV-1** again\n`), []).duplicated).toEqual(['NAV-1'])
  })
})

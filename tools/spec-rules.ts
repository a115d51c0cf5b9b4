/**
 * The specification's rules and the tests that claim them (issue 63): docs/requirements.md lists
 * each rule as `- **ID** words`; a test claims the rules it holds with a comment `spec: ID, ID`.
 */

interface Rule {
  id: string
  text: string
}

const RULE_LINE = /^- \*\*([A-Z]+-\d+)\*\* (.*)$/
const CLAIM = /\bspec:\s*([A-Z]+-\d+(?:\s*,\s*[A-Z]+-\d+)*)/g

/** The rules of requirements.md, each with its first line of words. */
export function parseRules(markdown: string): Rule[] {
  const rules: Rule[] = []
  for (const line of markdown.split('\n')) {
    const match = RULE_LINE.exec(line)
    if (match) rules.push({ id: match[1], text: match[2] })
  }
  return rules
}

/** The ids a test file's `spec:` comments claim. */
export function claimsIn(source: string): string[] {
  const ids: string[] = []
  for (const match of source.matchAll(CLAIM)) ids.push(...match[1].split(',').map((id) => id.trim()))
  return ids
}

interface Coverage {
  /** Rules no test claims. */
  unclaimed: Rule[]
  /** Ids claimed by a test that name no rule (a typo, or a rule since renamed), with the file. */
  unknown: Array<{ id: string; file: string }>
  /** Ids listed twice in requirements.md. */
  duplicated: string[]
  claimedCount: number
}

export function coverage(rules: Rule[], files: Array<{ path: string; source: string }>): Coverage {
  const known = new Set(rules.map((r) => r.id))
  const claimed = new Set<string>()
  const unknown: Coverage['unknown'] = []
  for (const file of files) {
    for (const id of claimsIn(file.source)) {
      if (known.has(id)) claimed.add(id)
      else unknown.push({ id, file: file.path })
    }
  }
  const seen = new Set<string>()
  const duplicated = rules.filter((r) => seen.has(r.id) || !seen.add(r.id)).map((r) => r.id)
  return {
    unclaimed: rules.filter((r) => !claimed.has(r.id)),
    unknown,
    duplicated,
    claimedCount: claimed.size,
  }
}

/**
 * One field of an audited action: its value before and after it (absent: that side had none), or,
 * for a field that only one side of a change names (which member a decision was about), its value.
 */
interface AuditChange {
  field: string
  before?: string
  after?: string
  value?: string
}

/** A value as a person reads it: text as is, lists with commas, nothing as an empty mark. */
function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(readable).join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** An object's fields, nested ones by their dotted path (`company.name`); anything else as `value`. */
function fields(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>()
  if (value === null || value === undefined) return out
  if (typeof value !== 'object' || Array.isArray(value)) {
    out.set(path || 'value', readable(value))
    return out
  }
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      for (const [k, v] of fields(inner, at)) out.set(k, v)
    else out.set(at, readable(inner))
  }
  return out
}

/**
 * What an audited action changed, field by field (issue 39: the log showed raw JSON): with both
 * sides, only the fields whose value differs; with one side, each of its fields.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = fields(before)
  const is = fields(after)
  const names = [...new Set([...was.keys(), ...is.keys()])]
  const both = was.size > 0 && is.size > 0
  return names
    .filter((name) => !both || was.get(name) !== is.get(name))
    .map((name) => {
      if (both && was.has(name) !== is.has(name)) return { field: name, value: was.get(name) ?? is.get(name) }
      return {
        field: name,
        ...(was.has(name) ? { before: was.get(name) } : {}),
        ...(is.has(name) ? { after: is.get(name) } : {}),
      }
    })
}

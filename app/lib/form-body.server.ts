// A form's fields as the body its call's schema reads (issue 57, point 1): what the schema says is a
// number becomes one, a yes/no its boolean, and an empty field that may be absent is left out (an
// unchosen option is an absent field, as in the JSON call). An empty field stays when its schema
// takes the empty text (a text the form may clear) or requires the field: the schema's own refusal
// of it ("write the reason…") is what the form shows. The schema checks the result; this only reads.
import { z } from 'zod'

type Kind = 'number' | 'boolean' | 'other'

/** What a field's schema takes, through optional, nullable, default, pipe and union wrappers. */
function kindOf(schema: z.core.$ZodType | undefined): Kind {
  const def = schema?._zod.def as
    | { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType }
    | undefined
  if (!def) return 'other'
  if (def.type === 'number' || def.type === 'int') return 'number'
  if (def.type === 'boolean') return 'boolean'
  if (def.type === 'pipe') return kindOf(def.in)
  if (def.innerType) return kindOf(def.innerType)
  return 'other'
}

/** Each field's schema of an object schema, of every option of a union and both sides of an intersection. */
function fieldSchemas(schema: z.core.$ZodType, into = new Map<string, z.core.$ZodType>()) {
  const def = schema._zod.def as {
    type: string
    shape?: Record<string, z.core.$ZodType>
    options?: z.core.$ZodType[]
    left?: z.core.$ZodType
    right?: z.core.$ZodType
    in?: z.core.$ZodType
    innerType?: z.core.$ZodType
  }
  if (def.shape)
    for (const [name, field] of Object.entries(def.shape)) if (!into.has(name)) into.set(name, field)
  for (const part of [...(def.options ?? []), def.left, def.right, def.in, def.innerType])
    if (part) fieldSchemas(part, into)
  return into
}

/** How a form reads one field: its kind, and whether an empty field stays in the body. */
interface FieldRule {
  kind: Kind
  keepsEmpty: boolean
}

/** Each schema's field rules, worked out once: a page's schema is a module constant, read at every post. */
const rulesBySchema = new WeakMap<z.core.$ZodType, Map<string, FieldRule>>()

function rulesOf(schema: z.core.$ZodType) {
  let rules = rulesBySchema.get(schema)
  if (!rules) {
    rules = new Map()
    for (const [name, field] of fieldSchemas(schema)) {
      const kind = kindOf(field)
      const takesEmpty = z.safeParse(field, '').success || !z.safeParse(field, undefined).success
      rules.set(name, { kind, keepsEmpty: takesEmpty && kind !== 'number' })
    }
    rulesBySchema.set(schema, rules)
  }
  return rules
}

/** The form's values (its text fields, or what a page made of them) as the body `schema` reads. */
export function formBody(schema: z.core.$ZodType, values: Record<string, unknown>): Record<string, unknown> {
  const rules = rulesOf(schema)
  const body: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue
    const rule = rules.get(name)
    if (value === '') {
      if (rule?.keepsEmpty) body[name] = ''
      continue
    }
    const kind = typeof value === 'string' ? (rule?.kind ?? 'other') : 'other'
    body[name] =
      kind === 'number' ? Number(value) : kind === 'boolean' ? value === 'true' || value === 'on' : value
  }
  return body
}

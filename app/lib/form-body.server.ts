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

/** The form's values (its text fields, or what a page made of them) as the body `schema` reads. */
export function formBody(schema: z.core.$ZodType, values: Record<string, unknown>): Record<string, unknown> {
  const fields = fieldSchemas(schema)
  const body: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue
    if (value === '') {
      const field = fields.get(name)
      const kept = field && (z.safeParse(field, '').success || !z.safeParse(field, undefined).success)
      if (kept && kindOf(field) !== 'number') body[name] = ''
      continue
    }
    const kind = typeof value === 'string' ? kindOf(fields.get(name)) : 'other'
    body[name] =
      kind === 'number' ? Number(value) : kind === 'boolean' ? value === 'true' || value === 'on' : value
  }
  return body
}

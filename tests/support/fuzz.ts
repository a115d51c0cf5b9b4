import fc from 'fast-check'

/** The part of a JSON Schema (as the OpenAPI document gives it) that shapes a fuzz value. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minItems?: number
  maxItems?: number
}

/** One operation of the OpenAPI document: where it is and what it takes. */
export interface Operation {
  method: string
  path: string
  query: Array<{ name: string; schema?: JsonSchema }>
  pathParams: string[]
  body: JsonSchema | null
}

const NEST_DEPTH = 2_000
const DATE_PATTERN = String.raw`^\d{4}-\d{2}-\d{2}$`

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))

/** Strings an attacker would send: NUL, lone surrogates, injections, huge ones, odd encodings. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '\u0000',
      'a\u0000b',
      '\uD800',
      'x\uDFFFy',
      '',
      ' ',
      '%00',
      '%ZZ',
      '../../../etc/passwd',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
      '${7*7}{{7*7}}',
      '😀'.repeat(40),
      'NaN',
      'Infinity',
      '-1',
      '0',
      '1e309',
      '2147483648',
      '-2147483649',
      '9'.repeat(40),
      'true',
      'null',
      '[]',
      '{}',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  // Past the 1 MB body limit once in a while: most cases should reach the handler.
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(100_000), 'é'.repeat(600_000)) },
)

/** Numbers past every column, negative, fractional, and the edges of a PostgreSQL integer. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.constantFrom(
    0,
    -1,
    1,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER,
    1e300,
    -1e300,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

/** A value nested deeper than any schema (arrays in arrays). */
const deep = fc.integer({ min: 30, max: NEST_DEPTH }).map((depth) => {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = [value]
  return value
})

/** A value of another type than the one asked for. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
  deep,
)

/** A value shaped like the schema, with hostile leaves and wrong types among the right ones. */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return wrongType
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf
  if (options && options.length > 0) return fc.oneof(...options.map((s) => valueFor(s, depth + 1)))
  if (schema.enum) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...schema.enum) }, wrongType)
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), wrongType)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string':
      return fc.oneof({ weight: 3, arbitrary: hostileString }, wrongType)
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1000
      const max = schema.maximum ?? 1_000_000
      const inRange = fc.integer({
        min: Math.max(Math.ceil(min), -2_147_483_648),
        max: Math.min(Math.floor(max), 2_147_483_647),
      })
      return fc.oneof({ weight: 2, arbitrary: inRange }, hostileNumber, wrongType)
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), wrongType)
    case 'array':
      return fc.oneof(
        { weight: 3, arbitrary: fc.array(valueFor(schema.items, depth + 1), { maxLength: 5 }) },
        wrongType,
      )
    case 'object': {
      const properties = schema.properties ?? {}
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valueFor(s, depth + 1)])),
        { requiredKeys: [] },
      )
      return fc.oneof({ weight: 4, arbitrary: record }, wrongType)
    }
    default:
      return wrongType
  }
}

/** A value the schema accepts (as far as its JSON Schema tells): the base that mutants change. */
export function validFor(schema: JsonSchema | undefined, depth = 0, key = ''): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null)
  const options = (schema.anyOf ?? schema.oneOf ?? []).filter((o) => o.type !== 'null')
  if (options.length > 0) return fc.oneof(...options.map((o) => validFor(o, depth + 1)))
  if (schema.allOf?.[0]) return validFor(schema.allOf[0], depth + 1)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.const !== undefined) return fc.constant(schema.const)
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'string': {
      // Plain addresses every validator takes (fast-check's own are valid but exotic).
      if (schema.format === 'email' || /email/.test(key))
        return fc
          .tuple(fc.stringMatching(/^[a-z]{3,12}$/), fc.nat())
          .map(([local, n]) => `${local}${n}@example.com`)
      if (key === 'iban') return fc.constantFrom('NL91ABNA0417164300', 'DE89370400440532013000')
      if (key === 'phone') return fc.constant('+31612345678')
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
      if (schema.format === 'uri') return fc.webUrl()
      // A date (of birth): a real one of an adult, or the rest of the body is never reached.
      if (schema.pattern === DATE_PATTERN)
        return fc
          .date({ min: new Date('1950-01-01'), max: new Date('2000-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10))
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((v) => v.length <= 200)
      const min = schema.minLength ?? 0
      const max = Math.max(min, Math.min(schema.maxLength ?? 40, 60))
      return fc.string({ minLength: min, maxLength: max })
    }
    case 'integer':
    case 'number': {
      const min = Math.max(Math.ceil(schema.minimum ?? 0), -2_147_483_648)
      const max = Math.min(Math.floor(schema.maximum ?? 50), 2_147_483_647, min + 1000)
      // Small numbers name rows that exist (the first profiles, bundles, regions).
      return fc.integer({ min, max: Math.max(min, max) })
    }
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(validFor(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      })
    case 'object':
      return fc.record(
        Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([k, v]) => [k, validFor(v, depth + 1, k)]),
        ),
      )
    default:
      return fc.constant(null)
  }
}

/** The paths to the leaves of a JSON value. */
function leavesOf(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.flatMap((v, i) => leavesOf(v, [...path, i]))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leavesOf(v, [...path, k]))
  return [path]
}

function replaced(value: unknown, path: Array<string | number>, leaf: unknown): unknown {
  if (path.length === 0) return leaf
  const [head, ...rest] = path
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >
  copy[head] = replaced(copy[head], rest, leaf)
  return copy
}

/** What replaces one leaf: most often a value that once reached the database and broke it. */
const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('a\u0000b', '\u0000', 'x\uD800y', 2_147_483_648, -2_147_483_649, 1e300),
  },
  hostileString,
  hostileNumber,
  wrongType,
)

/** A valid value with exactly one leaf made hostile: it gets past every other check to the one. */
export function mutantFor(schema: JsonSchema | null) {
  return fc.tuple(validFor(schema ?? { type: 'object' }), fc.nat(), hostileLeaf).map(([base, pick, leaf]) => {
    const leaves = leavesOf(base)
    if (leaves.length === 0 || (leaves.length === 1 && leaves[0].length === 0 && typeof base === 'object'))
      return { ...(base as object), extra: leaf }
    return replaced(base, leaves[pick % leaves.length], leaf)
  })
}

/** A request body: valid-shaped JSON, any JSON, or raw bytes under a content type that may lie. */
export function bodyFor(schema: JsonSchema | null) {
  const json = fc.record({
    contentType: fc.constant('application/json'),
    payload: fc
      .oneof(
        { weight: 5, arbitrary: mutantFor(schema) },
        { weight: 2, arbitrary: validFor(schema ?? { type: 'object' }) },
        { weight: 2, arbitrary: valueFor(schema ?? { type: 'object' }) },
        fc.jsonValue({ maxDepth: 4 }),
      )
      .map((value) => JSON.stringify(value) ?? 'null'),
  })
  const raw = fc.record({
    contentType: fc.constantFrom(
      'application/json',
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=----x',
      'application/octet-stream',
      'application/json; charset=utf-16',
    ),
    payload: fc.oneof(
      fc.constantFrom(
        '{"a":',
        '1e309',
        '{"profile": 1e309, "text": "x", "client_id": "x"}',
        '{"id": -0, "__proto__": {"admin": true}}',
        '------x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nnot an image',
        'id=%00&code=%E0%A4%A',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        '',
      ),
      fc.string({ unit: codeUnit, maxLength: 200 }),
    ),
  })
  return fc.oneof({ weight: 3, arbitrary: json }, raw)
}

/**
 * A query string for the operation's parameters (and some it does not know): mostly valid values
 * with hostile ones among them, repeated keys, and malformed percent-encoding.
 */
export function queryFor(params: Array<{ name: string; schema?: JsonSchema }>) {
  const hostile = fc.oneof(hostileString, hostileNumber.map(String))
  const known = params.map(({ name, schema }) => {
    const valid = validFor(schema ?? { type: 'string' }).map((v) => String(v))
    return fc.option(
      fc.oneof(
        { weight: 3, arbitrary: valid.map((v) => [[name, v]] as Array<[string, string]>) },
        { weight: 2, arbitrary: hostile.map((v) => [[name, v]] as Array<[string, string]>) },
        fc
          .array(hostile, { minLength: 2, maxLength: 3 })
          .map((vs) => vs.map((v) => [name, v] as [string, string])),
      ),
      { nil: [] as Array<[string, string]> },
    )
  })
  const extra = fc.array(fc.tuple(fc.string({ maxLength: 10 }), hostile), { maxLength: 2 })
  const raw = fc.constantFrom('', '', '', '&%ZZ=1', '&id=%E0%A4%A', '&=', '&a[b][c]=1')
  return fc.tuple(fc.tuple(...known), extra, raw).map(([parts, more, tail]) => {
    const search = new URLSearchParams()
    for (const [k, v] of [...parts.flat(), ...more]) search.append(k, v)
    const text = search.toString()
    return text || tail ? `?${text}${tail}` : ''
  })
}

/** Percent-encoding that keeps a lone surrogate as the invalid UTF-8 bytes a hostile client sends. */
function percentEncode(value: string) {
  try {
    return encodeURIComponent(value)
  } catch {
    return `${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`
  }
}

/** A value for a path parameter, percent-encoded. */
export const pathValue = fc
  .oneof(hostileString, hostileNumber.map(String))
  .map((v) => percentEncode(v.slice(0, 2000)))

/** The operations of an OpenAPI 3 document. */
export function operationsOf(document: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
      }
    >
  >
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: p.schema })),
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  )
}

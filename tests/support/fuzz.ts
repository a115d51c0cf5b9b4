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
}

/** One operation of the OpenAPI document: where it is and what it takes. */
export interface Operation {
  method: string
  path: string
  query: string[]
  pathParams: string[]
  body: JsonSchema | null
}

const NEST_DEPTH = 2_000

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))

/** Strings an attacker would send: NUL, lone surrogates, injections, huge ones, odd encodings. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
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
  fc.string({ unit: codeUnit, maxLength: 40 }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('x'.repeat(100_000), 'é'.repeat(600_000)),
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

/** A request body: valid-shaped JSON, any JSON, or raw bytes under a content type that may lie. */
export function bodyFor(schema: JsonSchema | null) {
  const json = fc.record({
    contentType: fc.constant('application/json'),
    payload: fc
      .oneof({ weight: 4, arbitrary: valueFor(schema ?? { type: 'object' }) }, fc.jsonValue({ maxDepth: 4 }))
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

/** A query string for the operation's parameters (and some it does not know), hostile values included. */
export function queryFor(names: string[]) {
  const value = fc.oneof(
    hostileString,
    hostileNumber.map(String),
    fc.integer({ min: 1, max: 50 }).map(String),
  )
  const known = names.map((name) =>
    fc.option(
      fc.oneof(
        { weight: 3, arbitrary: value.map((v) => [[name, v]] as Array<[string, string]>) },
        fc
          .array(value, { minLength: 2, maxLength: 3 })
          .map((vs) => vs.map((v) => [name, v] as [string, string])),
      ),
      { nil: [] as Array<[string, string]> },
    ),
  )
  const extra = fc.array(fc.tuple(fc.string({ maxLength: 10 }), value), { maxLength: 2 })
  const raw = fc.constantFrom('', '', '', '&%ZZ=1', '&id=%E0%A4%A', '&=', '&a[b][c]=1')
  return fc.tuple(fc.tuple(...known), extra, raw).map(([parts, more, tail]) => {
    const params = new URLSearchParams()
    for (const [k, v] of [...parts.flat(), ...more]) params.append(k, v)
    const text = params.toString()
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
        parameters?: Array<{ in: string; name: string }>
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
      }
    >
  >
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  )
}

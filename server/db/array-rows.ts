import { Column, fillPlaceholders, is, SQL } from 'drizzle-orm'
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres'

// A prepared select on node-postgres whose rows are mapped by a function made once for its columns
// (issue 62, point 4; ADR 39). Drizzle maps every row generically: for each column of each row it
// tells a column from an expression again, walks the column's path with an iterator and opens three
// tracing spans per query, which was a tenth of a member search's CPU in the node. The query, its
// values (drizzle's fillPlaceholders), its decoders and its errors are drizzle's own; only the loop
// over the rows is ours.

/** What runs a prepared query with the values of its placeholders. */
export interface Executable<T> {
  execute(values: Record<string, unknown>): Promise<T>
}

/** The parts of drizzle's node-postgres prepared query this reads (drizzle-orm 0.45). */
interface NodePgPrepared {
  queryString: string
  params: unknown[]
  fields?: { path: string[]; field: unknown }[]
  customResultMapper?: unknown
  queryConfig?: { rowMode?: string }
  client?: { query(config: unknown, values: unknown[]): Promise<{ rows: unknown[][] }> }
  queryWithCache?(text: string, values: unknown[], run: () => Promise<unknown>): Promise<unknown>
}

type Decode = (raw: unknown) => unknown

/** How a selected field turns the driver's value into the row's: a column's, or an expression's decoder. */
function decoderOf(field: unknown): Decode | null {
  /** An expression's decoder, which drizzle marks internal. */
  type Decoded = { decoder: { mapFromDriverValue: Decode } }
  const from = is(field, Column)
    ? field
    : is(field, SQL)
      ? (field as unknown as Decoded).decoder
      : is(field, SQL.Aliased)
        ? (field.sql as unknown as Decoded).decoder
        : null
  return from ? (raw) => from.mapFromDriverValue(raw) : null
}

/**
 * `query` with its rows mapped by a function made for its columns, when it is a node-postgres
 * select of flat fields (no nested objects, no mapper of its own); else `query` as it is (PGlite's,
 * a write without rows).
 */
export function withArrayRows<T>(query: Executable<T>): Executable<T> {
  const q = query as unknown as NodePgPrepared
  const fields = q.fields
  if (
    !is(query, NodePgPreparedQuery) ||
    !fields ||
    q.customResultMapper ||
    q.queryConfig?.rowMode !== 'array' ||
    !q.client ||
    !q.queryWithCache ||
    fields.some((f) => f.path.length !== 1)
  )
    return query
  const columns = fields.map((f) => ({ key: f.path[0], decode: decoderOf(f.field) }))
  if (columns.some((c) => c.decode === null)) return query
  const decoders = columns.map((c) => c.decode as Decode)
  const keys = columns.map((c) => c.key)
  const { client, queryConfig, queryString, params } = q
  const run = q.queryWithCache.bind(q)
  const toRow = (raw: unknown[]) => {
    const row: Record<string, unknown> = {}
    for (let i = 0; i < keys.length; i++) {
      const value = raw[i]
      row[keys[i]] = value === null ? null : decoders[i](value)
    }
    return row
  }
  return {
    async execute(values) {
      const parameters = fillPlaceholders(params, values)
      const result = (await run(queryString, parameters, () => client.query(queryConfig, parameters))) as {
        rows: unknown[][]
      }
      return result.rows.map(toRow) as T
    },
  }
}

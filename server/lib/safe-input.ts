import type { FastifySchemaCompiler } from 'fastify'
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod'
import { type ZodType, z } from 'zod'

/** The largest value a PostgreSQL `integer` column holds: no number above it reaches a query. */
const MAX_INT4 = 2_147_483_647

// A NUL character PostgreSQL cannot store in text; a lone surrogate half is no character at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is what this is for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** The first place in a value (strings, keys, numbers, nested) that no column can hold, with why. */
export function findUnsafeValue(
  value: unknown,
  path: PropertyKey[] = [],
  depth = 0,
): { path: PropertyKey[]; message: string } | null {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value) ? { path, message: 'text_invalid' } : null
  if (typeof value === 'number') {
    return Number.isFinite(value) && Math.abs(value) <= MAX_INT4 ? null : { path, message: 'number_invalid' }
  }
  if (typeof value !== 'object' || value === null || value instanceof Date) return null
  if (depth > 20) return { path, message: 'nesting_too_deep' }
  for (const [key, inner] of Object.entries(value)) {
    if (UNSAFE_TEXT.test(key)) return { path: [...path, key], message: 'text_invalid' }
    const found = findUnsafeValue(inner, [...path, key], depth + 1)
    if (found) return found
  }
  return null
}

const refuseUnsafe = (value: unknown, ctx: z.RefinementCtx) => {
  const found = findUnsafeValue(value)
  if (found) ctx.addIssue({ code: 'custom', path: found.path, message: found.message, input: value })
}

/**
 * A schema that first refuses what no column can hold (NUL, lone surrogates, numbers past a
 * PostgreSQL integer, absurd nesting), in what was sent and in what the schema made of it
 * (coerced query values), then parses as `schema` does.
 */
export function guarded<T extends ZodType>(schema: T) {
  return z.unknown().superRefine(refuseUnsafe).pipe(schema).superRefine(refuseUnsafe)
}

/**
 * Fastify's validator for every route: fastify-type-provider-zod's, on the guarded schema, so that
 * a new field is safe by default (ADR 13).
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: guarded(route.schema) })

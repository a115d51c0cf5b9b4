import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { bodyFor, type Operation, operationsOf, pathValue, queryFor } from './fuzz.ts'

// One fuzz case of an operation of the OpenAPI document, and its request: what the API fuzz test
// (tests/support/fuzz-suite.ts) checks the answers of, and bench/fuzz.ts times.

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])

/** The operations of the app's OpenAPI document that are fuzzed: those of the HTTP methods. */
export async function fuzzedOperations(app: FastifyInstance): Promise<Operation[]> {
  const document = (await app.inject({ url: '/api/docs/json' })).json()
  return operationsOf(document).filter((op) => METHODS.has(op.method))
}

/** A case: as a member or a visitor, with a query, path values and a body for the operation. */
export function caseFor(op: Operation) {
  return fc.record({
    asMember: fc.boolean(),
    query: queryFor(op.query),
    params: fc.tuple(...op.pathParams.map(() => pathValue)),
    body: bodyFor(op.body),
  })
}

export type FuzzCase = ReturnType<typeof caseFor> extends fc.Arbitrary<infer C> ? C : never

let address = 0

/** A remote address of its own per request, so that per-address limits answer 429 only where meant. */
const nextAddress = () => {
  address++
  return `10.${200 + ((address >> 16) & 31)}.${(address >> 8) & 255}.${address & 255}`
}

function urlOf(op: Operation, params: string[], query: string) {
  let i = 0
  return op.path.replace(/\{[^}]+\}/g, () => params[i++] ?? 'x') + query
}

/**
 * Sends a case as its request (with the member's cookie when it is a member's): the answer, and the
 * request told in a line for a failure's message.
 */
export async function sendCase(app: FastifyInstance, op: Operation, c: FuzzCase, memberCookie: string) {
  const url = urlOf(op, c.params, c.query)
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(op.method)
  const res = await app.inject({
    method: op.method as 'GET',
    url,
    headers: {
      ...(c.asMember ? { cookie: memberCookie } : {}),
      ...(hasBody ? { 'content-type': c.body.contentType } : {}),
    },
    ...(hasBody ? { payload: c.body.payload } : {}),
    remoteAddress: nextAddress(),
  })
  return {
    res,
    where: `${op.method} ${url.slice(0, 300)} (${c.body.contentType}: ${c.body.payload.slice(0, 200)})`,
  }
}

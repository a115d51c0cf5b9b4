import type { FastifyRequest } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { api, Call } from '#common/api.ts'
import type { StaffRole } from '#common/staff.ts'
import { requireStaff } from './require-staff.ts'

/** Where a form call keeps its fields' schema for the OpenAPI document (Fastify ignores the key). */
const FORM_KEY = 'x-form'

type Field<C, K extends string> = C extends { [P in K]: infer S } ? S : undefined
type Response<C> = C extends { output: infer O }
  ? C extends { status: 201 }
    ? { 201: O }
    : { 200: O }
  : undefined

function staffOnly(roles: readonly StaffRole[]) {
  return async (request: FastifyRequest) => {
    requireStaff(request, roles)
  }
}

/**
 * The route options of one entry of the call table (common/api.ts): method, path, validation and
 * the OpenAPI description. A module spreads them into `app.route({ ...apiRoute(api.x), handler })`,
 * so the handler's body, query and answer are typed by the same schemas the browser uses.
 */
export function apiRoute<const C extends Call>(call: C) {
  const schema = {
    tags: [call.tag],
    operationId: call.name,
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    ...(call.output ? { response: { [call.status ?? 200]: call.output } } : {}),
    ...(call.form ? { consumes: ['multipart/form-data'], [FORM_KEY]: call.form } : {}),
  }
  return {
    // A console call declares its roles; nothing of the request is read (not even validated) without one.
    ...(call.roles ? { onRequest: staffOnly(call.roles) } : {}),
    method: call.method as C['method'],
    url: call.path as C['path'],
    schema: schema as {
      tags: string[]
      operationId: string
      querystring: Field<C, 'query'>
      body: Field<C, 'body'>
      response: Response<C>
    },
  }
}

/**
 * The OpenAPI transform: the zod schemas as JSON Schema, and a form call's body described as its
 * fields plus the file (the multipart plugin reads it; Fastify validates no body there).
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const { [FORM_KEY]: form, ...schema } = (input.schema ?? {}) as Record<string, unknown>
  if (!(form instanceof z.ZodType)) return jsonSchemaTransform(input)
  const file = z.object({ photo: z.string().meta({ format: 'binary' }) })
  return jsonSchemaTransform({ ...input, schema: { ...schema, body: z.intersection(form, file) } })
}

/** A call's JSON body as its route and its handler take it (after the schema's coercions). */
export type BodyOf<C extends Call> = C['body'] extends z.ZodType ? z.output<C['body']> : undefined

/**
 * A module's handlers of the call table's mutations (issue 57, point 1): each named by its call and
 * taking its body and who acts, the one thing its route, its console step and its page action run.
 */
export type CallHandlers<A> = {
  [K in keyof typeof api]?: (body: BodyOf<(typeof api)[K]>, actor: A) => Promise<unknown>
}

// The console's forms on their pages' actions (issue 34, ADR 25): each form names its step in the
// address (`?intent=`), and each step is one call of the API table, whose schema checks the form,
// whose roles say who may post it and whose handler runs it, exactly as for the JSON call it stands
// for (one handler per call, issue 57: server/wiring/handlers.ts).

import { data, type RouterContextProvider } from 'react-router'
import type { Call } from '#common/api.ts'
import { ADMINS_ONLY } from '#common/console-pages.ts'
import type { BodyOf } from '#server/lib/api-route.ts'
import type { Actor } from '#server/modules/audit/audit.service.ts'
import type { AppHandlers } from '#server/wiring/handlers.ts'
import { getAppContext } from '../../context.server.ts'
import { refused } from '../../lib/form-action.server.ts'
import { formBody } from '../../lib/form-body.server.ts'
import { requireStaffRoles } from './admin.server.ts'

/** A call the console posts: one with a handler. */
type HandledCall = Call & { name: keyof AppHandlers }
type HandlerResult<C extends HandledCall> = Awaited<ReturnType<AppHandlers[C['name']]>>

/** One step of a console page's action: its call, whose handler runs it. */
interface ConsoleStep<C extends HandledCall, R> {
  call: C
  /**
   * Which of the form's fields make the call's body, or what the page makes of them (by default the
   * text fields as they are); read by the call's schema either way (app/lib/form-body.server.ts).
   */
  read?: (fields: Record<string, string>, form: FormData) => Record<string, unknown>
  /** What the page answers once the handler ran (a redirect, what its feedback names); else its result. */
  answer?: (result: HandlerResult<C>, body: BodyOf<C>, form: FormData) => R
}

/** A step, typed by its call (the table of a page's steps holds several calls). */
export const step = <C extends HandledCall, R = HandlerResult<C>>(definition: ConsoleStep<C, R>) =>
  definition as ConsoleStep<C, R> & { readonly [answers]?: R }

/** What a step answers: its type only, for the page's feedback (no value holds it). */
declare const answers: unique symbol

type StepResult<T> = T extends { readonly [answers]?: infer R } ? Exclude<R, Response> : never

/**
 * Runs the step the post names: the staff member must hold one of its call's roles (else the
 * login page, or the console's 403), the form must pass its call's schema; the answer is the
 * step's result, or the form's failure in words beside its fields.
 */
export async function consoleAction<S extends Record<string, { readonly call: HandledCall }>>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  steps: S,
) {
  const intent = new URL(request.url).searchParams.get('intent') ?? ''
  const chosen = Object.hasOwn(steps, intent) ? steps[intent] : undefined
  if (!chosen?.call.body) throw data(null, { status: 400 })
  requireStaffRoles(context, chosen.call.roles ?? ADMINS_ONLY)
  const app = getAppContext(context)
  const form = await request.formData()
  const fields: Record<string, string> = {}
  for (const [name, value] of form) if (typeof value === 'string') fields[name] = value
  try {
    const { read, answer } = chosen as ConsoleStep<HandledCall, unknown>
    const body = chosen.call.body.parse(formBody(chosen.call.body, read ? read(fields, form) : fields))
    const handler = app.handlers[chosen.call.name] as (body: unknown, actor: Actor) => Promise<unknown>
    const handled = await handler(body, app.request.staffActor())
    const done: unknown = answer ? answer(handled as never, body as never, form) : handled
    // A step that leads elsewhere (a profile made: its page) answers the redirect.
    if (done instanceof Response) return done as never
    const result = done as StepResult<S[keyof S]>
    return { ok: true as const, intent, result }
  } catch (error) {
    const { password: _, ...values } = fields
    return refused(context, error, values, intent)
  }
}

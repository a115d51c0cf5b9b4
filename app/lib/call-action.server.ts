// A page's forms on its action (issue 34, ADR 25; issue 57, point 1): each form names its step in
// the address (`?intent=`), and each step is one call of the API table, whose schema reads and
// checks the form (app/lib/form-body.server.ts) and whose one handler runs it, exactly as for the
// JSON call it stands for (server/wiring/handlers.ts). The console's pages and the member's settings
// run their forms so; who may post is the door's to say (a staff role, a member's session).

import { data, type RouterContextProvider } from 'react-router'
import type { Call } from '#common/api.ts'
import type { BodyOf } from '#server/lib/api-route.ts'
import type { AppHandlers } from '#server/wiring/handlers.ts'
import { getAppContext } from '../context.server.ts'
import { refused, textFields } from './form-action.server.ts'
import { formBody } from './form-body.server.ts'

/** A call a page posts: one with a handler. */
type HandledCall = Call & { name: keyof AppHandlers }
type HandlerResult<C extends HandledCall> = Awaited<ReturnType<AppHandlers[C['name']]>>

/** One step of a page's action: its call, whose handler runs it. */
interface Step<C extends HandledCall, R> {
  call: C
  /**
   * Which of the form's fields make the call's body, or what the page makes of them (by default the
   * text fields as they are); read by the call's schema either way.
   */
  read?: (fields: Record<string, string>, form: FormData) => Record<string, unknown>
  /** What the page answers once the handler ran (a redirect, what its feedback names); else its result. */
  answer?: (result: HandlerResult<C>, body: BodyOf<C>, form: FormData) => R
  /**
   * What the page answers in place of the form's refusal, for the failures it names by their code
   * (a banned member: the ban page); undefined for the others.
   */
  instead?: (code: string, form: FormData) => R | Response | undefined
}

/** A step, typed by its call (the table of a page's steps holds several calls). */
export const step = <C extends HandledCall, R = HandlerResult<C>>(definition: Step<C, R>) =>
  definition as Step<C, R> & { readonly [answers]?: R }

/** What a step answers: its type only, for the page's feedback (no value holds it). */
declare const answers: unique symbol

type StepResult<T> = T extends { readonly [answers]?: infer R } ? Exclude<R, Response> : never

/**
 * Runs the step the post names (the page's first, its main form, when it names none): `actorOf` says who
 * makes its call (or throws: a visitor, a staff member without its role), the form must pass its
 * call's schema; the answer is the step's result, or the form's failure in words beside its
 * fields. An unknown step is a 400.
 */
export async function callAction<S extends Record<string, { readonly call: HandledCall }>>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  steps: S,
  actorOf: (call: HandledCall) => unknown,
) {
  const intent = new URL(request.url).searchParams.get('intent') ?? Object.keys(steps)[0] ?? ''
  const chosen = Object.hasOwn(steps, intent) ? steps[intent] : undefined
  if (!chosen) throw data(null, { status: 400 })
  const app = getAppContext(context)
  const form = await request.formData()
  const fields = textFields(form)
  try {
    // A visitor's post to a member's form is refused in words (authentication_required), as the
    // call's route refuses it; a staff page's guard throws its own answer (the login page, a 403).
    const actor = actorOf(chosen.call)
    const { call, read, answer } = chosen as Step<HandledCall, unknown>
    const body = call.body
      ? call.body.parse(formBody(call.body, read ? read(fields, form) : fields))
      : undefined
    const handler = app.handlers[call.name] as (body: unknown, actor: unknown) => Promise<unknown>
    const handled = await handler(body, actor)
    const done: unknown = answer ? answer(handled as never, body as never, form) : handled
    // A step that leads elsewhere (a profile made: its page) answers the redirect.
    if (done instanceof Response) return done as never
    const result = done as StepResult<S[keyof S]>
    return { ok: true as const, intent, result }
  } catch (error) {
    const { instead } = chosen as Step<HandledCall, unknown>
    const code = instead ? app.request.failure(error)?.code : undefined
    const other = code ? instead?.(code, form) : undefined
    if (other instanceof Response) return other as never
    if (other !== undefined) return { ok: true as const, intent, result: other as StepResult<S[keyof S]> }
    return refused(context, error, refill(form), intent)
  }
}

/**
 * What a refused form gets back to show: its text fields, a field posted several times (ticked
 * boxes of one name, as the interests) as one comma-separated value; no password of any kind
 * (the old one, the new one, its repeat) goes back to the browser.
 */
function refill(form: FormData) {
  const values: Record<string, string> = {}
  for (const [name, value] of form)
    if (typeof value === 'string' && !name.includes('password'))
      values[name] = Object.hasOwn(values, name) ? `${values[name]},${value}` : value
  return values
}

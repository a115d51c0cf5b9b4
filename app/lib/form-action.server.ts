// Route actions (issue 34, ADR 25): a form posts to its page, with or without the page's scripts.
// The action reads the form, checks it with the same common/schemas schema as the API, calls the
// service, and answers a redirect, or the form's failure in the member's language beside its fields.
import { data, type RouterContextProvider } from 'react-router'
import { getAppContext } from '../context.server.ts'
import type { FormAnswer } from './page-form.ts'

/** The form's text fields (files and repeated names aside: a form that has them reads its own). */
export function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [name, value] of form) if (typeof value === 'string') fields[name] = value
  return fields
}

/** A post's text fields (`textFields` of its form). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  return textFields(await request.formData())
}

/**
 * The answer to a refused post: the member's mistake (an AppError, a schema's refusal) as the form
 * shows it, with its status; anything else is a fault, thrown on to the page's error boundary.
 */
export function refused(
  context: Readonly<RouterContextProvider>,
  error: unknown,
  values: Record<string, string> = {},
  /** Which of the page's forms (on a page with several). */
  intent?: string,
) {
  const failure = getAppContext(context).request.failure(error)
  if (!failure) throw error
  const answer: FormAnswer = { ok: false, ...failure, values, ...(intent ? { intent } : {}) }
  return data(answer, { status: failure.status })
}

import type { z } from 'zod'
import { MIN_AGE } from '#common/constants.ts'
import type { TFunction } from '../i18n.ts'
import { ApiError } from './api-client.ts'

export type FieldErrors = Record<string, string>

/** Field messages of a failed zod parse, in the member's language (messages are keys below `validation.`). */
function zodFieldErrors(error: z.ZodError, t: TFunction): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_'
    fields[field] ??= t(`validation.${issue.message}`, {
      min_age: MIN_AGE,
      defaultValue: t('errors.validation.failed'),
    })
  }
  return fields
}

/**
 * Checks a form's values with their schema before they are sent, in the member's language. The
 * schemas and zod come in a chunk of their own that the first check (or a focus) loads, so that
 * pages carry none of it (ADR 21); the server checks the same schema again, and alone when the
 * chunk could not load.
 */
export async function checkForm<S extends z.ZodType>(
  schema: Promise<S>,
  values: unknown,
  t: TFunction,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; fields: FieldErrors }> {
  const loaded = await schema.catch(() => null)
  if (!loaded) return { ok: true, data: values as z.output<S> }
  const parsed = loaded.safeParse(values)
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, fields: zodFieldErrors(parsed.error, t) }
}

/**
 * The message of a failed API call in the member's language: the server's, or `fallback` (the
 * generic server error unless told) when the call did not get an answer.
 */
export function apiErrorMessage(error: unknown, t: TFunction, fallback = t('errors.server.error')): string {
  return error instanceof ApiError ? error.message : fallback
}

/** What a failed API call tells a form: per-field messages, or one message for the whole form. */
export function apiFormErrors(error: unknown, t: TFunction): { fields: FieldErrors; message: string | null } {
  if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
    return { fields: error.fields, message: null }
  }
  return { fields: {}, message: apiErrorMessage(error, t) }
}

import { ZodError } from 'zod'
import { MIN_AGE } from '#common/constants.ts'
import type { TFunction } from '#common/translate.ts'
import { AppError } from './errors.ts'

/**
 * A failure as a form shows it (issue 34): its stable code, its HTTP status, a message for the
 * whole form and, for a schema's refusal, one per field, all in the request's language.
 */
export interface FormFailure {
  code: string
  status: number
  message: string
  fields: Record<string, string>
}

/** The message of one schema issue (its message is a key below `validation.`). */
export function validationMessage(message: string | undefined, t: TFunction): string {
  return t(`validation.${message}`, {
    min_age: MIN_AGE,
    defaultValue: message ?? t('errors.validation.failed'),
  })
}

/**
 * What a form tells the member of a failure it can act on: an AppError's message, or a schema's
 * per-field messages; null for anything else (a fault: the page's error boundary shows it, the
 * log has it).
 */
export function formFailure(error: unknown, t: TFunction): FormFailure | null {
  if (error instanceof AppError && error.status < 500) {
    return {
      code: error.code,
      status: error.status,
      message: t(`errors.${error.code}`, error.values),
      fields: {},
    }
  }
  if (error instanceof ZodError) {
    const fields: Record<string, string> = {}
    for (const issue of error.issues) {
      fields[issue.path.map(String).join('.') || '_'] ??= validationMessage(issue.message, t)
    }
    return { code: 'validation.failed', status: 400, message: t('errors.validation.failed'), fields }
  }
  return null
}

import { data } from 'react-router'
import type { Locale } from '#common/constants.ts'
import type { AppError } from '#server/lib/errors.ts'
import { createI18n } from '../../i18n.ts'

/** A page of a member who blocked the viewer answers 403 with the spec's message; other errors pass. */
export function rethrowBlocked(error: unknown, locale: Locale): never {
  const failure = error as AppError
  if (failure?.code === 'member.blocked') {
    throw data(createI18n(locale).t('errors.member.blocked', failure.values), { status: 403 })
  }
  throw error
}

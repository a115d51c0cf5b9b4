import { isRouteErrorResponse } from 'react-router'
import type { TFunction } from '#common/translate.ts'

/** The status an error shows: the response's own, or 500 when it has none (spec section 8). */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 600) return error.status
  return 500
}

/**
 * What the error screen says (spec sections 2 and 8): a 404 says the page could not be found, an
 * answer with its own message shows it, and anything unexpected says "An error occured, please try
 * again later." in the member's language.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (errorStatus(error) === 404) return t('errorPage.notFound')
  if (isRouteErrorResponse(error) && typeof error.data === 'string' && error.data)
    return serverMessage(error.data) ?? error.data
  if (isRouteErrorResponse(error) && error.statusText) return error.statusText
  return t('errorPage.generic')
}

/**
 * The message of the server's own error answer (`{ error: { message } }`, already in the member's
 * language) when a page's request got one instead of the page's data: a form posted too often is
 * refused by the rate limit before its action runs.
 */
function serverMessage(body: string): string | undefined {
  if (!body.startsWith('{')) return undefined
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message
    return typeof message === 'string' && message ? message : undefined
  } catch {
    return undefined
  }
}

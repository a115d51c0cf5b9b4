import { REQUEST_RETRY_COUNT } from '#common/constants.ts'

/** An API failure with the server's stable code and message in the member's language. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string> | undefined
  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
  }
}

/** Fired on window when a member endpoint says the session is gone: the app logs out quietly. */
export const SESSION_EXPIRED_EVENT = 'session-expired'

export interface FetchJsonOptions extends RequestInit {
  retries?: number
  baseDelayMs?: number
  fetchImpl?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  /** Where SESSION_EXPIRED_EVENT goes: the window in the browser. */
  events?: EventTarget
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function retryable(status: number): boolean {
  return status === 429 || status >= 500
}

/**
 * Calls the API accepting JSON; a network failure or a 5xx/429 answer is retried up to 5 times
 * with exponential delay (spec section 7). 4xx answers fail at once with the server's error.
 */
export async function fetchJson<T>(url: string, options: FetchJsonOptions = {}): Promise<T> {
  const {
    retries = REQUEST_RETRY_COUNT,
    baseDelayMs = 250,
    fetchImpl = fetch,
    sleep = wait,
    events = typeof window === 'undefined' ? undefined : window,
    ...init
  } = options
  const headers = new Headers(init.headers)
  headers.set('Accept', 'application/json')
  if (init.body && typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json')
  }
  let attempt = 0
  for (;;) {
    let response: Response | null = null
    let networkError: unknown = null
    try {
      response = await fetchImpl(url, { credentials: 'same-origin', ...init, headers })
    } catch (error) {
      networkError = error
    }
    if (response?.ok) return (await response.json()) as T
    const canRetry =
      attempt < retries && (networkError !== null || (response !== null && retryable(response.status)))
    if (!canRetry) {
      if (!response) throw networkError
      const body = (await response.json().catch(() => null)) as {
        error?: { code?: string; message?: string; fields?: Record<string, string> }
      } | null
      const code = body?.error?.code ?? 'request.failed'
      if (response.status === 403 && code === 'authentication_required' && !url.startsWith('/api/user.php')) {
        events?.dispatchEvent(new Event(SESSION_EXPIRED_EVENT))
      }
      throw new ApiError(
        response.status,
        code,
        body?.error?.message ?? response.statusText,
        body?.error?.fields,
      )
    }
    await sleep(baseDelayMs * 2 ** attempt)
    attempt++
  }
}

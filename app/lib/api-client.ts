import type { z } from 'zod'
import { api, type Call, TAB_HEADER } from '#common/api.ts'
import { REQUEST_RETRY_COUNT } from '#common/constants.ts'
import { TAB_ID } from './tab.ts'

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

interface FetchJsonOptions extends RequestInit {
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
  // The tab's own id: its sends come back to it once, in the answer (issue 40).
  if (typeof window !== 'undefined') headers.set(TAB_HEADER, TAB_ID)
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
      if (response.status === 403 && code === 'authentication_required' && !url.startsWith(api.user.path)) {
        events?.dispatchEvent(new Event(SESSION_EXPIRED_EVENT))
      }
      throw new ApiError(
        response.status,
        code,
        body?.error?.message ?? response.statusText,
        body?.error?.fields,
      )
    }
    // A server that says when to come back (503 or 429 with Retry-After, in seconds) is believed,
    // within a minute; else the delay doubles.
    const after = Number(response?.headers.get('retry-after'))
    const told = Number.isFinite(after) && after > 0 ? Math.min(after, 60) * 1000 : 0
    await sleep(Math.max(told, baseDelayMs * 2 ** attempt))
    attempt++
  }
}

type QueryOf<C> = C extends { query: infer Q extends z.ZodType }
  ? { query: z.input<Q> }
  : { query?: undefined }
type BodyOf<C> = C extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined }
type FormOf<C> = C extends { form: infer F extends z.ZodType }
  ? { form: z.input<F>; file: Blob }
  : { form?: undefined; file?: undefined }

/** What a call of the table takes: its query, its JSON body or its form with the file. */
type CallInput<C> = QueryOf<C> & BodyOf<C> & FormOf<C>
/** What a call of the table answers (the server checks it against the call's output schema). */
export type CallOutput<C> = C extends { output: infer O extends z.ZodType } ? z.output<O> : never
type CallOptions = Omit<FetchJsonOptions, 'method' | 'body'>
type CallArgs<C> =
  object extends CallInput<C> ? [input?: CallInput<C> & CallOptions] : [input: CallInput<C> & CallOptions]

/** The URL of a call, with its query (values turned to text, absent ones left out). */
export function callUrl(call: Call, query?: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${call.path}?${search}` : call.path
}

/** The multipart body of a form call: its fields as text, then the file as `photo`. */
export function callForm(fields: Record<string, unknown>, file: Blob): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.set(key, String(value))
  }
  form.set('photo', file)
  return form
}

/**
 * Calls one entry of the API table (common/api.ts): the compiler checks the query and body
 * against its schemas. The answer is typed by its output schema, which the server's serializer
 * holds every answer to; the browser's table has the paths only (ADR 21: no zod on public pages).
 */
export async function callApi<C extends Call>(call: C, ...[input]: CallArgs<C>): Promise<CallOutput<C>> {
  const { query, body, form, file, ...options } = (input ?? {}) as CallInput<Call> &
    CallOptions & {
      query?: Record<string, unknown>
      body?: unknown
      form?: Record<string, unknown>
      file?: Blob
    }
  const payload = form && file ? callForm(form, file) : body === undefined ? undefined : JSON.stringify(body)
  const json = await fetchJson<unknown>(callUrl(call, query), {
    ...options,
    method: call.method,
    body: payload,
  })
  return json as CallOutput<C>
}

/** A failure a client can act on: a stable code (`domain.reason`), an HTTP status and optional values. */
export class AppError extends Error {
  readonly code: string
  readonly status: number
  readonly values: Record<string, string | number>

  constructor(code: string, status = 400, values: Record<string, string | number> = {}, message?: string) {
    super(message ?? code)
    this.name = 'AppError'
    this.code = code
    this.status = status
    this.values = values
  }
}

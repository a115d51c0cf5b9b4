import { describe, expect, it } from 'vitest'
import { isAbortError } from './aborted-requests.ts'

describe('requests given up on purpose', () => {
  it('are the AbortErrors an aborted signal rejects with, and nothing else', () => {
    const controller = new AbortController()
    controller.abort()
    expect(isAbortError(controller.signal.reason)).toBe(true)
    expect(isAbortError(new DOMException('gone', 'AbortError'))).toBe(true)
    expect(isAbortError(new Error('signal is aborted without reason'))).toBe(false)
    expect(isAbortError(new TypeError('Failed to fetch'))).toBe(false)
    expect(isAbortError('AbortError')).toBe(false)
    expect(isAbortError(null)).toBe(false)
  })
})

import { describe, expect, it, vi } from 'vitest'
import { ServerFrame } from '#common/schemas/frames.ts'
import { readFrame, reconnectDelay } from './realtime.ts'

describe('reconnect backoff', () => {
  it('doubles from 500 ms up to 30 s, with jitter of a quarter either way', () => {
    const mid = () => 0.5
    expect([0, 1, 2, 3, 6, 7, 20].map((a) => reconnectDelay(a, mid))).toEqual([
      500, 1000, 2000, 4000, 30_000, 30_000, 30_000,
    ])
    expect(reconnectDelay(0, () => 0)).toBe(375)
    expect(reconnectDelay(0, () => 1)).toBe(625)
  })
})

describe('server frames', () => {
  it('reads the frames of the contract, and ignores (logging once) what it does not know', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(readFrame(JSON.stringify({ type: 'credits.changed', credits: 40 }), ServerFrame)).toEqual({
      type: 'credits.changed',
      credits: 40,
    })
    expect(readFrame('{"type":"hello"}', ServerFrame)).toEqual({ type: 'hello' })
    expect(readFrame(JSON.stringify({ type: 'presence.changed', online: true }), ServerFrame)).toBeNull()
    expect(readFrame(JSON.stringify({ type: 'presence.changed', online: false }), ServerFrame)).toBeNull()
    expect(readFrame(JSON.stringify({ type: 'credits.changed', credits: 'many' }), ServerFrame)).toBeNull()
    expect(readFrame('not json', ServerFrame)).toBeNull()
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      'Ignored a server frame this page does not know: presence.changed',
      'Ignored a server frame this page does not know: credits.changed',
      'Ignored a server frame this page does not know: unreadable',
    ])
    warn.mockRestore()
  })
})

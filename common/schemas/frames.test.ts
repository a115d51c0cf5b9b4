import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ServerFrame } from './frames.ts'

/** The files a module imports, followed through the repository (packages left out). */
function localImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const source = readFileSync(file, 'utf8')
  for (const [, spec] of source.matchAll(/^(?:import|export)[^'"]*from '(\.[^']+)'/gm))
    localImports(path.resolve(path.dirname(file), spec), seen)
  return seen
}

describe('the frames the browser reads', () => {
  it('come with the message schema alone, not the member and account ones', () => {
    // The browser evaluates frames.ts and what it imports when a member page opens its socket: the
    // member and account schemas cost that task 70 ms of a phone's CPU for nothing (ADR 21).
    const files = [...localImports(path.resolve(import.meta.dirname, 'frames.ts'))].map((f) =>
      path.basename(f),
    )
    // safety.ts: the message flags' list; message-kinds.ts: the kinds' table; constants only.
    // calls.ts twice: the calls' frames (schemas/calls.ts) and their constants (common/calls.ts).
    expect(files.sort()).toEqual([
      'calls.ts',
      'calls.ts',
      'frames.ts',
      'gifts.ts',
      'message-kinds.ts',
      'message.ts',
      'safety.ts',
    ])
  })

  it('read a message frame', () => {
    const message = {
      id: 7,
      conversation: 3,
      profile: 12,
      kind: 'gift',
      text: '',
      gift: 'rose',
      photo: null,
      move: null,
      closing: false,
      voice: null,
      client_id: 'abcdefgh',
      created_at: '2026-11-26T06:00:00.000Z',
      flags: [],
    }
    expect(ServerFrame.parse({ type: 'message.created', conversation: 3, message })).toEqual({
      type: 'message.created',
      conversation: 3,
      message,
    })
    expect(
      ServerFrame.safeParse({ type: 'message.created', conversation: 3, message: { id: 7 } }).success,
    ).toBe(false)
  })
})

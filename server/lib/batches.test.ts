import { describe, expect, it } from 'vitest'
import { createBatcher } from './batches.ts'

/** A batch runner that records its batches and answers when told to. */
function recorder() {
  const batches: number[][] = []
  const pending: Array<() => void> = []
  const run = (items: number[]) => {
    batches.push(items)
    return new Promise<number[]>((resolve, reject) => {
      pending.push(() =>
        items.includes(13) ? reject(new Error('thirteen')) : resolve(items.map((i) => i * 10)),
      )
    })
  }
  /** Answers every batch, those started meanwhile too, until no more come. */
  const finishAll = async () => {
    for (let turn = 0; turn < 20; turn++) {
      for (const finish of pending.splice(0)) finish()
      await new Promise((r) => setImmediate(r))
    }
  }
  return { batches, run, finishAll }
}

const settle = () => new Promise((r) => setImmediate(r))

describe('createBatcher (group commit)', () => {
  it('sends calls of one turn together, and calls that come while batches run in the next batch', async () => {
    const r = recorder()
    const call = createBatcher(r.run, { maxBatch: 10, inFlight: 1 })
    const first = [1, 2, 3].map(call)
    await settle()
    expect(r.batches).toEqual([[1, 2, 3]])
    const later = [4, 5].map(call)
    await settle()
    expect(r.batches).toHaveLength(1)
    await r.finishAll()
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50])
    expect(r.batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ])
  })

  it('runs at most inFlight batches of at most maxBatch items at a time', async () => {
    const r = recorder()
    const call = createBatcher(r.run, { maxBatch: 2, inFlight: 2 })
    const a = call(1)
    await settle()
    const rest = [2, 3, 4, 5, 6, 7].map(call)
    await settle()
    expect(r.batches).toEqual([[1], [2, 3]])
    await r.finishAll()
    expect(await Promise.all([a, ...rest])).toEqual([10, 20, 30, 40, 50, 60, 70])
    expect(r.batches.slice(2)).toEqual([
      [4, 5],
      [6, 7],
    ])
  })

  it('runs the items of a failed batch alone, so only the item at fault fails', async () => {
    const r = recorder()
    const call = createBatcher(r.run, { maxBatch: 10, inFlight: 1 })
    const results = [12, 13, 14].map((i) => call(i).then(String, (e: Error) => e.message))
    await r.finishAll()
    expect(await Promise.all(results)).toEqual(['120', 'thirteen', '140'])
    expect(r.batches).toEqual([[12, 13, 14], [12], [13], [14]])
  })
})

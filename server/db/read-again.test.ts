import { describe, expect, it } from 'vitest'
import { primaryReads, readAgainIfLost } from './read-again.ts'

/** A read whose first run fails with `error`, and whose next ones answer how many runs there were. */
function failingOnce(error: Error) {
  let runs = 0
  return {
    read: async () => {
      runs++
      if (runs === 1) throw error
      return runs
    },
    runs: () => runs,
  }
}

const lost = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' })

describe('a read run again when its connection is lost (ADR 39)', () => {
  it('runs a read once more when its connection was lost, and no more', async () => {
    const once = failingOnce(lost())
    await expect(readAgainIfLost(once.read, () => true)).resolves.toBe(2)
    let runs = 0
    const always = async () => {
      runs++
      throw lost()
    }
    await expect(readAgainIfLost(always, () => true)).rejects.toThrow('Connection terminated')
    expect(runs).toBe(2)
  })

  it('never runs again a read that failed for another reason', async () => {
    const once = failingOnce(Object.assign(new Error('syntax error'), { code: '42601' }))
    await expect(readAgainIfLost(once.read, () => false)).rejects.toThrow('syntax error')
    expect(once.runs()).toBe(1)
  })

  it('on the primary: again after a lost connection in a failover cluster only, never on one server', async () => {
    const cluster = failingOnce(lost())
    await expect(primaryReads(true)(cluster.read)).resolves.toBe(2)
    const single = failingOnce(lost())
    await expect(primaryReads(false)(single.read)).rejects.toThrow('Connection terminated')
    expect(single.runs()).toBe(1)
    const refused = failingOnce(Object.assign(new Error('permission denied'), { code: '42501' }))
    await expect(primaryReads(true)(refused.read)).rejects.toThrow('permission denied')
    expect(refused.runs()).toBe(1)
  })
})

import { describe, expect, it } from 'vitest'
import { createGate } from './gate.ts'

describe('a gate', () => {
  it('runs at most `running` tasks at once, queues `waiting` more and refuses the rest with 503', async () => {
    const gate = createGate({ running: 2, waiting: 3, busy: 'photos.busy' })
    let now = 0
    let most = 0
    const releases: Array<() => void> = []
    const task = () =>
      gate.run(async () => {
        now++
        most = Math.max(most, now)
        await new Promise<void>((resolve) => releases.push(resolve))
        now--
        return 'done'
      })
    const taken = Array.from({ length: 5 }, task)
    await expect(task()).rejects.toMatchObject({ code: 'photos.busy', status: 503 })
    expect(gate.load()).toEqual({ running: 2, waiting: 3 })
    while (releases.length > 0 || now > 0) {
      releases.shift()?.()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    expect(await Promise.all(taken)).toEqual(Array(5).fill('done'))
    expect(most).toBe(2)
    expect(gate.load()).toEqual({ running: 0, waiting: 0 })
  })

  it('frees the slot of a task that fails', async () => {
    const gate = createGate({ running: 1, waiting: 0, busy: 'photos.busy' })
    await expect(gate.run(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken')
    expect(await gate.run(async () => 42)).toBe(42)
  })
})

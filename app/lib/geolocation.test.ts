import { describe, expect, it } from 'vitest'
import { currentPosition, type GeolocationPermission, watchGeolocationPermission } from './geolocation.ts'

/** A window whose browser answers the position and the permission as a test says. */
function fakeWindow(permission: PermissionState | 'fails' | 'none') {
  const asked: PositionOptions[] = []
  const listeners: Array<() => void> = []
  const status = {
    state: permission === 'fails' || permission === 'none' ? 'prompt' : permission,
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    removeEventListener: () => {},
  }
  const navigator: Record<string, unknown> = {
    geolocation: {
      getCurrentPosition: (resolve: PositionCallback, _reject: unknown, options: PositionOptions) => {
        asked.push(options)
        resolve({ coords: { latitude: 52.09, longitude: 5.12 } } as GeolocationPosition)
      },
    },
    permissions: {
      query: () => (permission === 'fails' ? Promise.reject(new Error('no')) : Promise.resolve(status)),
    },
  }
  if (permission === 'none') delete navigator.geolocation
  const change = (state: PermissionState) => {
    status.state = state
    for (const listener of listeners) listener()
  }
  return { win: { navigator } as unknown as Window, asked, change }
}

describe('geolocation', () => {
  // spec: CONST-7
  it('accepts a position up to an hour old', async () => {
    const { win, asked } = fakeWindow('granted')
    const position = await currentPosition(win)
    expect(position.coords.latitude).toBe(52.09)
    expect(asked).toEqual([expect.objectContaining({ maximumAge: 3_600_000 })])
  })

  // spec: STATE-22
  it('tells the permission: unsupported, unknown, or the browser’s own state as it changes', async () => {
    const seen = async (permission: PermissionState | 'fails' | 'none') => {
      const states: GeolocationPermission[] = []
      const fake = fakeWindow(permission)
      watchGeolocationPermission(fake.win, (state) => states.push(state))
      await new Promise((resolve) => setTimeout(resolve, 0))
      return { states, change: fake.change }
    }
    expect((await seen('none')).states).toEqual(['unsupported'])
    expect((await seen('fails')).states).toEqual(['unknown'])
    const granted = await seen('prompt')
    expect(granted.states).toEqual(['prompt'])
    granted.change('denied')
    expect(granted.states).toEqual(['prompt', 'denied'])
  })
})

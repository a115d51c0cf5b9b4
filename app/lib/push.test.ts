import { afterEach, describe, expect, it, vi } from 'vitest'
import { PUSH_WORKER_URL, pushState, pushStatus, subscribePush } from './push.ts'

/** A browser as a test says: push supported or not, and a subscription held or not. */
function browserWindow(options: { serviceWorker?: boolean; subscribed?: boolean } = {}) {
  const registered: string[] = []
  const subscribedWith: PushSubscriptionOptionsInit[] = []
  const subscription = {
    toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'k', auth: 'a' } }),
  }
  const registration = {
    pushManager: {
      getSubscription: async () => (options.subscribed ? subscription : null),
      subscribe: async (init: PushSubscriptionOptionsInit) => {
        subscribedWith.push(init)
        return subscription
      },
    },
  }
  const navigator =
    options.serviceWorker === false
      ? {}
      : {
          serviceWorker: {
            getRegistration: async () => registration,
            register: async (url: string) => {
              registered.push(url)
              return registration
            },
            ready: Promise.resolve(registration),
          },
        }
  return { win: { navigator, PushManager: class {} } as unknown as Window, registered, subscribedWith }
}

function notifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  vi.stubGlobal('Notification', { permission, requestPermission: async () => answer })
}

afterEach(() => vi.unstubAllGlobals())

describe('push in the browser', () => {
  // spec: STATE-21, DATA-14
  it('is unsupported, denied, or possible, then subscribed or not', async () => {
    notifications('default')
    expect(pushState(browserWindow({ serviceWorker: false }).win)).toBe('unsupported')
    expect(pushState(browserWindow().win)).toBe('capable')
    notifications('denied')
    expect(pushState(browserWindow().win)).toBe('denied')
    notifications('granted')
    expect(await pushStatus(browserWindow({ subscribed: true }).win)).toBe('subscribed')
    expect(await pushStatus(browserWindow({ subscribed: false }).win)).toBe('not_subscribed')
  })

  // spec: STATE-21, CALL-4
  it('subscribes through the push worker and sends the subscription to the account; a refusal is denied', async () => {
    const sent: Array<{ url: string; body: unknown }> = []
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) })
      return new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } })
    })
    notifications('default', 'denied')
    const refused = browserWindow()
    expect(await subscribePush(refused.win, 'BPk')).toBe('denied')
    expect(refused.registered).toEqual([])
    expect(sent).toEqual([])

    notifications('default', 'granted')
    const granted = browserWindow()
    expect(await subscribePush(granted.win, 'BPk')).toBe('subscribed')
    expect(granted.registered).toEqual([PUSH_WORKER_URL])
    expect(PUSH_WORKER_URL).toBe('/sw-push.js?v=2')
    expect(granted.subscribedWith).toEqual([expect.objectContaining({ userVisibleOnly: true })])
    expect(sent).toEqual([
      {
        url: '/api/user.php?push=1',
        body: {
          subscription: {
            endpoint: 'https://fcm.googleapis.com/fcm/send/x',
            keys: { p256dh: 'k', auth: 'a' },
          },
        },
      },
    ])
  })
})

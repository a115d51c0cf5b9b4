import { api } from '#common/api.ts'
import type { PushSubscriptionInput } from '#common/schemas/accounts.ts'
import { callApi } from './api-client.ts'

/** Where push stands in this browser (spec section 4). */
export type PushState = 'unsupported' | 'capable' | 'not_subscribed' | 'subscribed' | 'denied'

export const PUSH_WORKER_URL = '/sw-push.js?v=2'
/**
 * How long the browser's push service has to answer a subscription: one that cannot reach it (no
 * network, a browser with push turned off) may never answer, and the member is told instead.
 */
const SUBSCRIBE_TIMEOUT_MS = 10_000

export function pushState(win: Window): PushState {
  if (!('serviceWorker' in win.navigator) || !('PushManager' in win) || typeof Notification === 'undefined')
    return 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  return 'capable'
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

/**
 * Asks for permission, registers the push worker, subscribes with the site's public key and sends
 * the subscription to the account. A refused permission answers 'denied'; a push service that fails
 * or does not answer within SUBSCRIBE_TIMEOUT_MS throws.
 */
export async function subscribePush(win: Window, publicKey: string): Promise<PushState> {
  if (pushState(win) === 'unsupported') return 'unsupported'
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return 'denied'
  const registration = await win.navigator.serviceWorker.register(PUSH_WORKER_URL)
  await win.navigator.serviceWorker.ready
  let timer: ReturnType<typeof setTimeout> | undefined
  const subscription = await Promise.race([
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('push_service_timeout')), SUBSCRIBE_TIMEOUT_MS)
    }),
  ]).finally(() => clearTimeout(timer))
  await callApi(api.postUser, {
    query: { push: '1' },
    body: { subscription: subscription.toJSON() as PushSubscriptionInput['subscription'] },
    retries: 2,
  })
  return 'subscribed'
}

/** Whether this browser holds a push subscription of ours (the refresh cycle slows down then). */
export async function pushSubscribed(win: Window): Promise<boolean> {
  if (pushState(win) !== 'capable' || Notification.permission !== 'granted') return false
  try {
    const registration = await win.navigator.serviceWorker.getRegistration(PUSH_WORKER_URL)
    return Boolean(await registration?.pushManager.getSubscription())
  } catch {
    return false
  }
}

/** Where push stands here, subscription included: unsupported, denied, subscribed or not subscribed. */
export async function pushStatus(win: Window): Promise<PushState> {
  const state = pushState(win)
  if (state !== 'capable') return state
  return (await pushSubscribed(win)) ? 'subscribed' : 'not_subscribed'
}

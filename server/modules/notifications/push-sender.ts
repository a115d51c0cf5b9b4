import type { Agent } from 'node:https'
import webpush from 'web-push'
import { isPushServiceEndpoint } from '#common/push-services.ts'

interface PushSubscriptionKeys {
  endpoint: string
  p256dh: string
  auth: string
}

/** What the service worker /sw-push.js?v=2 shows (spec section 7). */
export interface PushPayload {
  type: 'NEW_PUSH_MESSAGE'
  title: string
  body: string
  icon: string
  tag: string
  /** Where a click leads a logged-in member, and a visitor. */
  checkUrl: string
  openUrl: string
  /**
   * A call's ring (ADR 37): a page of the site that is visible on the device closes it, since that
   * page rings itself while the call rings. Absent on every other push.
   */
  ring?: true
}

/** How long a push service keeps a push for a device that is offline. */
const PUSH_TTL_S = 24 * 3600
/** A push service answers in well under a second; one that does not is not waited for. */
const PUSH_TIMEOUT_MS = 5000
/** What a push service answers for a subscription that is gone (it is forgotten then). */
const GONE = 410

/**
 * Sends Web Push messages with the `web-push` library: the payload encrypted (aes128gcm, RFC 8291)
 * to the browser's keys, signed with our VAPID key (RFC 8292). Answers the push service's status;
 * 404 and 410 mean the subscription is gone. Only a push service's host is ever connected to (a
 * subscription saved elsewhere before that rule is answered as gone), with a short timeout, and a
 * redirect is never followed (Node's https does not follow one: it is an answer like any other).
 */
export function pushSender(vapid: { subject: string; publicKey: string; privateKey: string }, agent?: Agent) {
  return async (subscription: PushSubscriptionKeys, payload: PushPayload): Promise<number> => {
    if (!isPushServiceEndpoint(subscription.endpoint)) return GONE
    try {
      const result = await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: PUSH_TTL_S,
          contentEncoding: 'aes128gcm',
          timeout: PUSH_TIMEOUT_MS,
          urgency: 'high',
          ...(agent ? { agent } : {}),
        },
      )
      return result.statusCode
    } catch (error) {
      if (error instanceof webpush.WebPushError) return error.statusCode
      throw error
    }
  }
}
export type PushSend = ReturnType<typeof pushSender>

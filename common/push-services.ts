/**
 * The push services browsers subscribe with, by host (ADR 13): Chrome, Edge, Opera and Samsung
 * Internet give Firebase Cloud Messaging's endpoints, Firefox Mozilla's autopush, Safari Apple's,
 * and the legacy Edge Windows' notification service. A subscription is accepted only at one of them,
 * so the server never opens a connection to a host a member chose (loopback, a private network, the
 * cloud's metadata address).
 */
const EXACT_HOSTS = new Set([
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
])
/** Hosts under these names: Mozilla's and Apple's regional hosts, Windows' `wns2-xxx` hosts. */
const HOST_SUFFIXES = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com']

/** Whether a push subscription's endpoint is at a push service: https, its default port, no credentials. */
export function isPushServiceEndpoint(endpoint: string): boolean {
  if (!URL.canParse(endpoint)) return false
  const url = new URL(endpoint)
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false
  const host = url.hostname.toLowerCase()
  return EXACT_HOSTS.has(host) || HOST_SUFFIXES.some((suffix) => host.endsWith(suffix))
}

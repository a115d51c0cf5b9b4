// Push service worker (registered as /sw-push.js?v=2). A push carries JSON:
// { type: 'NEW_PUSH_MESSAGE', title, body, icon, tag, checkUrl, openUrl }, and ring: true for a
// call's ring, whose notification a visible page of the site closes (it rings there itself).
// A click opens checkUrl for a logged-in member and openUrl for a visitor.

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = { title: event.data ? event.data.text() : '' }
  }
  if (data.type && data.type !== 'NEW_PUSH_MESSAGE') return
  // The open pages hear of it once it shows (a visible page closes a ring's notification then), and
  // also when it cannot show (the permission withdrawn since): they catch up with what it says.
  event.waitUntil(
    self.registration
      .showNotification(data.title || 'New message', {
        body: data.body || '',
        icon: data.icon || '/favicon.svg',
        tag: data.tag,
        data: {
          checkUrl: data.checkUrl || '/chats',
          openUrl: data.openUrl || '/login',
          ring: data.ring === true,
        },
      })
      .finally(() =>
        self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
          for (const client of clients) client.postMessage({ type: 'NEW_PUSH_MESSAGE', payload: data })
        }),
      ),
  )
})

async function isLoggedIn() {
  try {
    const response = await fetch('/api/user.php', {
      headers: { Accept: 'application/json', 'X-Request-Type': 'client' },
    })
    const body = await response.json()
    return Boolean(body?.user)
  } catch {
    return false
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const { checkUrl, openUrl } = event.notification.data || {}
  event.waitUntil(
    (async () => {
      const url = (await isLoggedIn()) ? checkUrl : openUrl
      const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const same = clients.find((client) => new URL(client.url).origin === self.location.origin)
      // An open page of the site goes there itself, inside the app (NEW_PUSH_CLICK); else a new window.
      if (same) {
        await same.focus()
        same.postMessage({ type: 'NEW_PUSH_CLICK', url })
        return undefined
      }
      return self.clients.openWindow(url)
    })(),
  )
})

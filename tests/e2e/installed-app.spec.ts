import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { expect, expectAccessible, expectNoHorizontalScroll, newMember, test } from './fixtures.ts'

test('Chromium finds the site installable: every page links the brand’s manifest and its icons load', async ({
  baseURL,
}, testInfo) => {
  // Installing needs a profile of its own: Playwright's usual contexts are incognito, where no
  // site can be installed.
  const profile = mkdtempSync(join(tmpdir(), 'e2e-install-'))
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/pricing')
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
    const cdp = await context.newCDPSession(page)
    const manifest = await cdp.send('Page.getAppManifest')
    expect(manifest.errors).toEqual([])
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'LunaDate', display: 'standalone' })
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([])
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

// spec: NAV-8
test('in the installed app a member page has a Back button that returns to the list; a browser tab has none', async ({
  browser,
}) => {
  const { page, context } = await newMember(browser, { name: 'Ilse' })
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/members')
  await page.getByRole('list', { name: 'Results' }).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/members\/\d+$/)
  await expect(page.getByTestId('installed-back')).toHaveCount(0)

  // A phone's home-screen app: iOS says so through navigator.standalone (headless Chromium has no
  // app window whose display mode is standalone), read by the same check as display-mode.
  await context.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }))
  await page.goto('/members')
  await expect(page.getByTestId('installed-back')).toHaveCount(0)
  await page.getByRole('list', { name: 'Results' }).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/members\/\d+$/)
  const back = page.getByRole('button', { name: 'Back' })
  await expect(back).toBeVisible()
  await expectAccessible(page)
  await expectNoHorizontalScroll(page)
  await back.click()
  await expect(page).toHaveURL(/\/members$/)
  await page.goto('/credits')
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible()
  await context.close()
})

/**
 * A member's page with the push worker registered (the switch on /notifications: Playwright's
 * contexts are incognito, where Chromium refuses push subscriptions, and headless Chromium here
 * cannot reach its push service at all, so the member is told), and pushes delivered to that worker
 * as the push service would deliver them.
 */
async function pushWorker(page: Page, context: BrowserContext) {
  await context.grantPermissions(['notifications'])
  await page.goto('/notifications')
  const push = page.getByRole('switch', { name: "Notifications on this device's screen" })
  await push.click()
  await expect(page.getByText('Notifications could not be turned on in this browser.')).toBeVisible()

  const cdp = await context.newCDPSession(page)
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    registrations.push(...event.registrations)
  })
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0)
  // The push event goes to the worker once it is active.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  const origin = new URL(page.url()).origin
  /** The notifications the worker shows now, "title: body", sorted. */
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/sw-push.js?v=2')
      return ((await registration?.getNotifications())?.map((n) => `${n.title}: ${n.body}`) ?? []).sort()
    })
  /**
   * Delivers a push until `expected` shows (or `arrived` holds): on a busy machine Chromium may take
   * a push before its worker can, so it is sent again (the same tag, so one notification whatever
   * the tries), to the newest live registration.
   */
  const deliver = (payload: Record<string, unknown>, expected: string[] | (() => Promise<unknown>)) =>
    expect(async () => {
      const live = registrations.filter((r) => !r.isDeleted)
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: (live.at(-1) ?? registrations[0]).registrationId,
        data: JSON.stringify({
          type: 'NEW_PUSH_MESSAGE',
          icon: '/favicon.svg',
          openUrl: '/login',
          ...payload,
        }),
      })
      if (typeof expected === 'function') await expected()
      else await expect.poll(shown, { timeout: 3_000 }).toEqual([...expected].sort())
    }).toPass({ timeout: 30_000 })
  /**
   * Counts, from now on, what the worker tells the open page (its listener goes with the page's
   * document): every push's message, and those of rings.
   */
  const listen = async () => {
    await page.evaluate(() => {
      const heard = { pushes: 0, rings: 0 }
      ;(window as unknown as { heard: typeof heard }).heard = heard
      navigator.serviceWorker.addEventListener('message', (event) => {
        if (event.data?.type !== 'NEW_PUSH_MESSAGE') return
        heard.pushes++
        if (event.data.payload?.ring === true) heard.rings++
      })
    })
    return () =>
      page.evaluate(() => (window as unknown as { heard: { pushes: number; rings: number } }).heard)
  }
  return { shown, deliver, listen }
}

// spec: CALL-16
test('push: the page asks for permission, says so when the browser cannot subscribe, and the worker shows a push and tells the open page', async ({
  browser,
}) => {
  const { page, context } = await newMember(browser, { name: 'Pien' })
  const worker = await pushWorker(page, context)
  const refreshed = page.waitForRequest((request) => request.url().includes('/member-data/chats'))
  await worker.deliver(
    { title: 'Eva wrote to you', body: 'Open LunaDate to read it.', tag: 'message:1', checkUrl: '/chats' },
    ['Eva wrote to you: Open LunaDate to read it.'],
  )
  // The open page heard NEW_PUSH_MESSAGE and caught up with its chats at once.
  await refreshed
  await context.close()
})

// A push whose notification cannot show (the permission withdrawn since) still tells the open page.
test('with the notifications permission withdrawn, the worker still tells the open page of a push', async ({
  browser,
}) => {
  const { page, context } = await newMember(browser, { name: 'Lotte' })
  const worker = await pushWorker(page, context)
  await context.clearPermissions()
  const cannotShow = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/sw-push.js?v=2')
    return registration?.showNotification('probe').then(
      () => 'shown',
      () => 'refused',
    )
  })
  expect(cannotShow).toBe('refused')
  const heard = await worker.listen()
  await worker.deliver(
    { title: 'Eva wrote to you', body: 'Open LunaDate to read it.', tag: 'message:2', checkUrl: '/chats' },
    () => expect.poll(async () => (await heard()).pushes, { timeout: 3_000 }).toBeGreaterThan(0),
  )
  expect(await worker.shown()).toEqual([])
  await context.close()
})

// ADR 37: a ring's notification must not outlive the ring on a device where the site is in view.
test('a ring’s notification shows while no page of the site is in view, and closes when one comes into view; a missed call’s and a message’s stay', async ({
  browser,
}) => {
  const { page, context } = await newMember(browser, { name: 'Roos' })
  const worker = await pushWorker(page, context)
  // No page of the app in view: a document of the site that is not the app (its icon).
  await page.goto('/favicon.svg')
  const ring = (conversation: number) => ({
    title: 'Inès is calling you',
    body: 'Open the conversation to answer.',
    tag: `call-/chats/${conversation}`,
    checkUrl: `/chats/${conversation}`,
    ring: true,
  })
  const ringing = 'Inès is calling you: Open the conversation to answer.'
  const missed = 'Missed call from Inès: Open the conversation to call back.'
  const message = 'Eva wrote to you: Open LunaDate to read it.'
  await worker.deliver(ring(7), [ringing])
  // A missed call takes its ring's place (one tag for a conversation's calls).
  await worker.deliver(ring(9), [ringing, ringing])
  await worker.deliver(
    {
      title: 'Missed call from Inès',
      body: 'Open the conversation to call back.',
      tag: 'call-/chats/9',
      checkUrl: '/chats/9',
    },
    [ringing, missed],
  )
  await worker.deliver(
    {
      title: 'Eva wrote to you',
      body: 'Open LunaDate to read it.',
      tag: 'chat-/chats/8',
      checkUrl: '/chats/8',
    },
    [ringing, missed, message],
  )
  // A page of the app opens: it rings itself while a call rings, so the ring's notification goes.
  await page.goto('/chats')
  await expect.poll(worker.shown).toEqual([missed, message].sort())
  // And one that arrives while the page is in view goes as soon as the worker tells the page of it.
  const heard = await worker.listen()
  await worker.deliver(ring(11), () =>
    expect.poll(async () => (await heard()).rings, { timeout: 3_000 }).toBeGreaterThan(0),
  )
  await expect.poll(worker.shown).toEqual([missed, message].sort())
  await context.close()
})

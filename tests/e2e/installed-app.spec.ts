import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
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

// spec: CALL-16
test('push: the page asks for permission, says so when the browser cannot subscribe, and the worker shows a push and tells the open page', async ({
  browser,
}) => {
  const { page, context } = await newMember(browser, { name: 'Pien' })
  await context.grantPermissions(['notifications'])
  await page.goto('/notifications')
  const push = page.getByRole('switch', { name: "Notifications on this device's screen" })
  await push.click()
  // Playwright's contexts are incognito, where Chromium refuses push subscriptions (and headless
  // Chromium here cannot reach its push service at all): the member is told instead of left waiting.
  await expect(page.getByText('Notifications could not be turned on in this browser.')).toBeVisible()

  // The worker it registered receives a push as the push service would deliver it.
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
  const refreshed = page.waitForRequest((request) => request.url().includes('/member-data/chats'))
  const data = JSON.stringify({
    type: 'NEW_PUSH_MESSAGE',
    title: 'Eva wrote to you',
    body: 'Open LunaDate to read it.',
    tag: 'message:1',
    checkUrl: '/chats',
    openUrl: '/login',
  })
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/sw-push.js?v=2')
      return (await registration?.getNotifications())?.map((n) => `${n.title}: ${n.body}`) ?? []
    })
  // On a busy machine Chromium may take a push before its worker can: it is sent again until shown
  // (the same tag, so one notification whatever the tries), to the newest live registration.
  await expect(async () => {
    const live = registrations.filter((r) => !r.isDeleted)
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: (live.at(-1) ?? registrations[0]).registrationId,
      data,
    })
    await expect.poll(shown, { timeout: 3_000 }).toEqual(['Eva wrote to you: Open LunaDate to read it.'])
  }).toPass({ timeout: 30_000 })
  // The open page heard NEW_PUSH_MESSAGE and caught up with its chats at once.
  await refreshed
  await context.close()
})

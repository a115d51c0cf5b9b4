import { expect, newMember, openWithHeldClock, skipEntryWarning, test, waitForApp } from './fixtures.ts'

// The page's clock is Playwright's: the waits below are the page's timers moved on by hand, not time.

test('a button shows its spinner only once its request has taken 200 ms, and none after', async ({
  page,
}) => {
  await skipEntryWarning(page)
  await page.clock.install()
  await page.goto('/login')
  await waitForApp(page)
  let answer: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    answer = resolve
  })
  // The login is POST /api/user.php (spec section 7): held until the test answers.
  await page.route('**/api/user.php*', async (route) => {
    if (route.request().method() === 'POST') await held
    await route.continue()
  })
  await page.getByLabel('E-mail address').fill('nobody@example.com')
  await page.getByLabel('Password').fill('not-the-password')
  // From here the page's timers fire only when moved on.
  await page.clock.pauseAt(new Date(Date.now() + 60_000))
  await page.getByRole('button', { name: 'Log in' }).click()
  // Its name changes while it spins ("Logging in…"): found by its place instead.
  const button = page.locator('form button[type="submit"]')
  await expect(button).toHaveAttribute('aria-busy', 'true')
  await expect(button).toBeDisabled()
  const spinner = button.locator('.spinner-border')
  await page.clock.runFor(150)
  await expect(spinner).toHaveCount(0)
  await page.clock.runFor(100)
  await expect(spinner).toHaveCount(1)
  await expect(button).toHaveText('Logging in…')
  answer()
  await page.clock.resume()
  await expect(page.getByRole('alert')).toHaveText('Login failed, please try again.')
  await expect(spinner).toHaveCount(0)
  await expect(button).toBeEnabled()
})

test('a page quiet for 2 seconds prefetches the likely next pages, code and data', async ({ browser }) => {
  const { page, context } = await newMember(browser, { name: 'Roos' })
  await openWithHeldClock(page, '/members')
  const chatsData = page.locator('link[rel="prefetch"][href^="/chats.data"]')
  const likesData = page.locator('link[rel="prefetch"][href^="/likes.data"]')
  await page.clock.runFor(1000)
  await expect(chatsData).toHaveCount(0)
  const fetched = page.waitForResponse((response) => response.url().includes('/chats.data'))
  await page.clock.runFor(1100)
  await expect(chatsData).toHaveCount(1)
  await expect(likesData).toHaveCount(1)
  expect((await fetched).status()).toBe(200)
  // The code of the next pages comes too (their route modules).
  await expect(page.locator('link[rel="modulepreload"]').first()).toBeAttached()
  await context.close()
})

test('a public page asks for its stylesheets first and for its code in a handful of files', async ({
  page,
}) => {
  for (const path of ['/', '/pricing', '/landers/tinderswipe/eng']) {
    const html = await (await page.request.get(path)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    const at = (rel: string) => [...head.matchAll(new RegExp(`rel="${rel}"`, 'g'))].map((m) => m.index)
    const styles = at('stylesheet')
    const scripts = at('modulepreload')
    expect(styles.length, path).toBe(2)
    // Before any script, so that the browser asks for them first (ADR 21).
    expect(Math.max(...styles), path).toBeLessThan(Math.min(...scripts))
    // The entry, the route manifest, the shell, the public pages' chunk, the root, the layout, the
    // page: 41 to 47 files before (ADR 21).
    expect(scripts.length, path).toBeGreaterThan(0)
    expect(scripts.length, path).toBeLessThanOrEqual(7)
    // The shell and the public chunk open with V8's compile hint: compiled while they stream in,
    // not function by function during hydration (ADR 21).
    const hinted = [...head.matchAll(/href="(\/assets\/(?:shell|public)-[^"]+\.js)"/g)].map((m) => m[1])
    expect(hinted.length, path).toBe(2)
    for (const file of hinted)
      expect(
        (await (await page.request.get(file)).text()).startsWith('//# allFunctionsCalledOnLoad\n'),
        file,
      ).toBe(true)
  }
})

test('a public page hydrates its header, filters, cards and footer after the rest, a task each, on the markup the server sent', async ({
  page,
}) => {
  // The later parts are let go one per MessageChannel task (app/lib/hydration.preact.ts): here the
  // page's messages are held until the test lets them go, so what runs before them can be looked at.
  await page.addInitScript(() => {
    const Channel = window.MessageChannel
    const held: Array<() => void> = []
    let holding = true
    const w = window as unknown as Record<string, unknown>
    w.heldParts = held
    w.releaseParts = () => {
      holding = false
      for (const post of held.splice(0)) post()
    }
    w.MessageChannel = class {
      port1: MessagePort
      port2: { postMessage: (message: unknown) => void }
      constructor() {
        const channel = new Channel()
        this.port1 = channel.port1
        this.port2 = {
          postMessage: (message) => {
            if (holding) held.push(() => channel.port2.postMessage(message))
            else channel.port2.postMessage(message)
          },
        }
      }
    }
  })
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/members')
  // The page's first hydration is over when it asks for its first later part.
  await page.waitForFunction(() => (window as unknown as { heldParts: unknown[] }).heldParts.length > 0)
  const cdp = await page.context().newCDPSession(page)
  /** How many event listeners the element has (Preact attaches a part's as it hydrates it). */
  const listeners = async (selector: string) => {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: `document.querySelector(${JSON.stringify(selector)})`,
    })
    if (!result.objectId) throw new Error(`no ${selector}`)
    const answer = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId })
    return answer.listeners.length
  }
  const enter = '#site-entry-warning .btn-primary'
  const like = 'article.member-card .like-button'
  const footerLink = 'footer.site-footer a'
  const menu = 'header.top-nav a.brand'
  const cards = await page.locator('article.member-card').count()
  expect(cards).toBeGreaterThan(0)
  // Hydrated: the site-entry warning (the page's only way in). Still the server's markup alone:
  // the header, the cards, the footer; and the page is not marked interactive yet.
  expect(await listeners(enter)).toBeGreaterThan(0)
  expect(await listeners(like)).toBe(0)
  expect(await listeners(footerLink)).toBe(0)
  expect(await listeners(menu)).toBe(0)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0)

  await page.evaluate(() => (window as unknown as { releaseParts: () => void }).releaseParts())
  await waitForApp(page)
  expect(await listeners(like)).toBeGreaterThan(0)
  expect(await listeners(footerLink)).toBeGreaterThan(0)
  expect(await listeners(menu)).toBeGreaterThan(0)
  // Hydrated where they stood: no part was rendered a second time beside its markup.
  await expect(page.locator('article.member-card')).toHaveCount(cards)
  await expect(page.locator('footer.site-footer')).toHaveCount(1)
  await expect(page.locator('header.top-nav')).toHaveCount(1)
  await expect(page.locator('form.search-filters')).toHaveCount(1)
  // And they work: a visitor's like asks them to sign up.
  await page.locator(enter).click()
  await page.locator(like).first().click()
  await expect(page.getByRole('dialog', { name: 'Members only' })).toBeVisible()
})

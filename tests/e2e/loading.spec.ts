import { readFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import {
  E2E_ORIGIN,
  expect,
  newMember,
  openWithHeldClock,
  skipEntryWarning,
  test,
  waitForApp,
} from './fixtures.ts'

// The page's clock is Playwright's: the waits below are the page's timers moved on by hand, not time.

// spec: CONST-8
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
  // The login posts to the page's action (/login.data with the page's scripts): held until the test answers.
  await page.route('**/login.data*', async (route) => {
    if (route.request().method() === 'POST') await held
    await route.continue()
  })
  await page.getByLabel('E-mail address').fill('nobody@example.com')
  await page.getByLabel('Password').fill('not-the-password')
  // From here the page's timers fire only when moved on.
  await page.clock.pauseAt(new Date(Date.now() + 60_000))
  await page.getByRole('button', { name: 'Log in' }).click()
  // Its name changes while it spins ("Logging in…"): found by its place instead.
  const button = page.getByRole('main').locator('form button[type="submit"]')
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

// spec: CONST-8
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
    // The entry, the route manifest, the shell, the bundler's CommonJS helpers (React's packages
    // are CommonJS: every chunk that imports them shares the helpers), the public pages' chunk,
    // the root, the layout, the page: 41 to 47 files before (ADR 21).
    expect(scripts.length, path).toBeGreaterThan(0)
    expect(scripts.length, path).toBeLessThanOrEqual(8)
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

test('a public page hydrates its header, filters, cards and footer after the rest, and a press on one before then is not lost', async ({
  page,
}) => {
  // React's scheduler runs its work in MessageChannel tasks: here they are held, and run one at a
  // time when the test says, so that the page can be looked at between them.
  await page.addInitScript(() => {
    const held: Array<() => void> = []
    const w = window as unknown as Record<string, unknown>
    w.heldTasks = held
    w.runTask = () => held.shift()?.()
    w.releaseTasks = () => {
      w.holding = false
      while (held.length > 0) held.shift()?.()
    }
    w.holding = true
    w.MessageChannel = class {
      port1: { onmessage: ((event: MessageEvent) => void) | null } = { onmessage: null }
      port2 = {
        postMessage: (data: unknown) => {
          const run = () => this.port1.onmessage?.(new MessageEvent('message', { data }))
          if (w.holding) held.push(run)
          else setTimeout(run, 0)
        },
      }
    }
  })
  // The site-entry warning's cookie set by hand: skipEntryWarning's goto would wait for the app.
  await page
    .context()
    .addCookies([{ name: 'skipped-site-entry-warning', value: '2026-01-01T00:00:00.000Z', url: E2E_ORIGIN }])
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/members')
  /** Whether React has hydrated the element: it keeps its fiber on the node. */
  const hydrated = (selector: string) =>
    page.evaluate((selector) => {
      const element = document.querySelector(selector)
      if (!element) throw new Error(`no ${selector}`)
      return Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
    }, selector)
  // The page's own hydration, task by task, until its heading is React's.
  const heading = 'main h1'
  for (let i = 0; i < 200 && !(await hydrated(heading)); i++) {
    await page.waitForFunction(() => (window as unknown as { heldTasks: unknown[] }).heldTasks.length > 0)
    await page.evaluate(() => (window as unknown as { runTask: () => void }).runTask())
  }
  expect(await hydrated(heading)).toBe(true)
  // Still the server's markup alone: the header, the filters, the cards, the footer.
  const like = 'article.member-card .like-button'
  const filters = 'form.search-filters button'
  expect(await hydrated(like)).toBe(false)
  expect(await hydrated('footer.site-footer a')).toBe(false)
  expect(await hydrated('header.top-nav a.brand')).toBe(false)
  expect(await hydrated(filters)).toBe(false)
  const cards = await page.locator('article.member-card').count()
  expect(cards).toBeGreaterThan(0)
  // A press on the folded filters' button now, with React's own tasks still held: React hydrates
  // that part at once and gives it the press (on the server's markup alone, nothing would happen).
  const toggle = page.getByRole('button', { name: 'Filters' })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByLabel('Looking for')).toBeVisible()
  expect(await hydrated(filters)).toBe(true)
  expect(await hydrated(like)).toBe(false)

  await page.evaluate(() => (window as unknown as { releaseTasks: () => void }).releaseTasks())
  await waitForApp(page)
  // The last parts hydrate in tasks of their own after the app says it is up: a loaded machine may
  // run them a moment later.
  await expect.poll(() => hydrated('footer.site-footer a')).toBe(true)
  await expect.poll(() => hydrated('header.top-nav a.brand')).toBe(true)
  // Hydrated where they stood: no part was rendered a second time beside its markup.
  await expect(page.locator('article.member-card')).toHaveCount(cards)
  await expect(page.locator('footer.site-footer')).toHaveCount(1)
  await expect(page.locator('header.top-nav')).toHaveCount(1)
  await expect(page.locator('form.search-filters')).toHaveCount(1)
  // And they work: a visitor's like asks them to sign up.
  await page.locator(like).first().click()
  await expect(page.getByRole('dialog', { name: 'Members only' })).toBeVisible()
})

test('the browser runs React DOM, and no other renderer is in the build', async ({ page }) => {
  const assets = path.resolve('build/client/assets')
  const code = (await readdir(assets))
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(path.join(assets, file), 'utf8'))
    .join('\n')
  // React DOM names itself to React's developer tools; Preact and Inferno leave their own marks.
  expect(code).toMatch(/rendererPackageName:\s*[`'"]react-dom[`'"]/)
  expect(code).toContain('hydrateRoot')
  expect(code).not.toMatch(/__PREACT_DEVTOOLS__|preact|__INFERNO/i)
  // And the page hydrated by it: React's root is on the document.
  await skipEntryWarning(page)
  await page.goto('/')
  await waitForApp(page)
  const root = await page.evaluate(() =>
    Object.keys(document).some((key) => key.startsWith('__reactContainer$')),
  )
  expect(root).toBe(true)
})

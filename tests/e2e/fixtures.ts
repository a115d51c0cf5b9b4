import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test'
import { SESSION_COOKIE } from '#common/constants.ts'
import { totpCode, totpStep } from '../../server/lib/totp.ts'
import { E2E_STAFF_KEYS } from './staff-account.ts'

/** The E2E server (playwright.config.ts). */
export const E2E_ORIGIN = 'http://localhost:3100'

/** Pages fail their test on any console error or uncaught exception (CSP violations included). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        // Client errors (a 404 page, a refused form) are answers the page handles; the browser still
        // reports them as failed resources. Everything else, CSP violations included, fails the test.
        if (
          message.type() === 'error' &&
          !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())
        ) {
          errors.push(message.text())
        }
      })
      // With its stack, so that a failure once in CI says where it came from.
      page.on('pageerror', (error) => errors.push(error.stack ?? error.message))
      await use(errors)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** Waits until React runs the page (the root marks <html data-hydrated>): typing before that is lost. */
export function waitForApp(page: Page) {
  return page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 })
}

/**
 * Waits until React has run the effects of what the page shows now (it runs them in a message
 * task; one more message comes after): a held clock run after this counts from those effects'
 * timers, not from before they were set.
 */
export function afterEffects(page: Page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = resolve
        channel.port2.postMessage(null)
      }),
  )
}

/** Makes page.goto and page.reload wait for the app to run on every page it renders. */
function waitForAppAfterNavigation(page: Page) {
  const marked = page as Page & { waitsForApp?: boolean }
  if (marked.waitsForApp) return
  marked.waitsForApp = true
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  const settle = async (response: Awaited<ReturnType<Page['goto']>>) => {
    const type = response?.headers()['content-type'] ?? ''
    // The mailbox and the sandbox PSP's checkout are plain pages of their own, not the app.
    const plain = /\/dev\/mailbox|\/sandbox\//.test(response?.url() ?? '')
    const held = (page as Page & { holdsClock?: boolean }).holdsClock
    if (type.includes('text/html') && !plain && !held) await waitForApp(page)
    return response
  }
  page.goto = async (url, options) => settle(await goto(url, options))
  page.reload = async (options) => settle(await reload(options))
}

/**
 * Opens `url` on a page whose clock stands still from its first line and moves 50 ms at a time
 * until the app runs: whatever the page times from its start then runs only as the test moves the
 * clock (page.clock.runFor), however busy the machine (timed by the wall clock, a slow start had
 * already used up the delays these tests check).
 */
export async function openWithHeldClock(page: Page, url: string) {
  await page.clock.install()
  await page.clock.pauseAt(new Date(Date.now() + 60_000))
  const marked = page as Page & { holdsClock?: boolean }
  marked.holdsClock = true
  try {
    await page.goto(url)
  } finally {
    marked.holdsClock = false
  }
  const hydrated = page.locator('html[data-hydrated]')
  await expect(async () => {
    await page.clock.runFor(50)
    expect(await hydrated.count()).toBe(1)
  }).toPass({ intervals: [20], timeout: 15_000 })
}

/** Marks the site-entry warning as seen (its cookie) so that a test can look at the page behind it. */
export async function skipEntryWarning(page: Page) {
  waitForAppAfterNavigation(page)
  await page
    .context()
    .addCookies([{ name: 'skipped-site-entry-warning', value: '2026-01-01T00:00:00.000Z', url: E2E_ORIGIN }])
}

/** Logs the browser out by dropping its session cookie; the site-entry warning stays dismissed. */
export async function dropSession(page: Page) {
  await page.context().clearCookies({ name: SESSION_COOKIE })
}

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  // Colours are only final once fades (a toast, a modal) end; spinners turn for ever and do not count.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  )
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(serious, 'serious or critical accessibility violations').toEqual([])
}

/** The page is no wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0)
}

/** Every select in `selects` shows its chosen option whole, not cut at its arrow ("Toutes les régio"). */
export async function expectChoicesWhole(selects: Locator) {
  const cut = await selects.evaluateAll((all) =>
    (all as HTMLSelectElement[])
      .filter((el) => el.checkVisibility())
      .flatMap((el) => {
        const style = getComputedStyle(el)
        const pen = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D
        pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        const text = el.selectedOptions[0]?.text ?? ''
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return pen.measureText(text).width > room ? [`${el.id || el.name}: “${text}”`] : []
      }),
  )
  expect(cut, 'selects whose choice is cut').toEqual([])
}

let memberCount = 0

/**
 * A member signed up through the API in a browser context of their own, activated through the
 * mailbox unless told otherwise; the page is logged in.
 */
export async function newMember(
  browser: Browser,
  options: { name: string; gender?: 'female' | 'male'; activate?: boolean; timezoneId?: string },
) {
  const context = await browser.newContext({ timezoneId: options.timezoneId })
  const page = await context.newPage()
  await skipEntryWarning(page)
  const email = `e2e-member-${Date.now()}-${++memberCount}@example.com`
  const res = await page.request.post('/api/signup.php', {
    data: {
      email,
      name: options.name,
      password: 'maple-lantern-52',
      date_of_birth: '1989-02-02',
      gender: options.gender ?? 'female',
    },
  })
  expect(res.status()).toBe(201)
  if (options.activate ?? true) {
    await page.goto('/dev/mailbox')
    await page.locator('article.mail').filter({ hasText: email }).first().getByRole('link').first().click()
    await waitForApp(page)
  }
  const me = await (await page.request.get('/api/user.php')).json()
  return { page, context, email, profileId: me.user.profile.id as number }
}

/** A member's browser and account in a language, and on a phone's screen when a width is given. */
export async function speaks(
  member: { context: BrowserContext; page: Page },
  locale: 'en' | 'fr',
  phoneWidth?: number,
) {
  await member.context.addCookies([{ name: 'i18n_redirected', value: locale, url: E2E_ORIGIN }])
  await member.page.request.put('/api/user.php', { data: { language: locale } })
  if (phoneWidth) await member.page.setViewportSize({ width: phoneWidth, height: 740 })
}

/**
 * Opens a console page from the menu by its name: straight on the menu's row, or in its group
 * (issue 39: the menu groups its pages so that it holds on one row).
 */
export async function openFromMenu(page: Page, name: string) {
  const menu = page.getByRole('navigation', { name: 'Console' })
  const link = menu.getByRole('link', { name, exact: true })
  // A closed group's links are hidden: the group is found by its link, hidden ones included.
  const anyLink = menu.getByRole('link', { name, exact: true, includeHidden: true })
  if (!(await link.isVisible())) {
    const hidden = page.getByRole('link', { name, exact: true, includeHidden: true })
    await menu.locator('details.console-menu').filter({ has: hidden }).locator('summary').click()
  }
  await link.click()
  // The page is there once its loader answered: the menu marks it as the current page.
  await expect(anyLink).toHaveAttribute('aria-current', 'page')
}

/**
 * Logs a staff member of scripts/e2e-server.ts into the console: password, then a code from their
 * authenticator key (enrolling at the first login, whose recovery codes it passes by).
 */
export async function consoleLogin(page: Page, account: { email: string; password: string }) {
  const keys = JSON.parse(readFileSync(E2E_STAFF_KEYS, 'utf8')) as Record<string, string>
  waitForAppAfterNavigation(page)
  await page.goto('/admin/login')
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Next' }).click()
  const enroll = page.getByRole('heading', { name: 'Set up your authenticator app' })
  await expect(enroll.or(page.getByRole('heading', { name: 'Code from your app' }))).toBeVisible()
  const enrolling = await enroll.isVisible()
  // A code works once: when this account logged in within the same 30 s (another test, at the
  // same time), wait for the next code, as often as that happens.
  const refused = page.getByRole('alert').filter({ hasText: 'That code is not right' })
  // Enrolling, the recovery codes come first; unless another journey enrolled the same account
  // meanwhile (both saw the enrolment step), and this code then simply logs in.
  const saved = page.getByRole('link', { name: /saved them/ })
  const inside = enrolling ? saved.or(page.getByTestId('console-staff')) : page.getByTestId('console-staff')
  for (let tries = 0; ; tries++) {
    const step = totpStep(new Date())
    await page.getByLabel('Code', { exact: true }).fill(totpCode(keys[account.email], step))
    // The step's answer says it: 401 for a code already used (the page then says so).
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/admin/login')),
      page.getByRole('button', { name: 'Log in', exact: true }).click(),
    ])
    if (answer.status() !== 401 || tries === 3) break
    await expect(refused).toBeVisible()
    test.info().setTimeout(test.info().timeout + 35_000)
    await expect.poll(() => totpStep(new Date()), { timeout: 31_000 }).toBeGreaterThan(step)
  }
  await inside.first().waitFor({ timeout: 10_000 })
  if (enrolling && (await saved.isVisible())) await saved.click()
  await expect(page).toHaveURL('/admin')
}

/** The sign-up form's labels in each language. */
export const SIGNUP_FORM = {
  en: {
    woman: 'A woman',
    men: 'Men',
    name: 'Profile name',
    dob: 'Date of birth',
    email: 'E-mail address',
    password: 'Password',
    repeat: 'Repeat password',
    submit: 'Create my free profile',
  },
  fr: {
    woman: 'Une femme',
    men: 'Des hommes',
    name: 'Nom de profil',
    dob: 'Date de naissance',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    repeat: 'Répétez le mot de passe',
    submit: 'Créer mon profil gratuit',
  },
}

/** Fills the sign-up form (a woman looking for men) in `scope`, without sending it. */
export async function fillSignup(scope: Locator, email: string, labels = SIGNUP_FORM.en) {
  await scope.getByLabel(labels.woman, { exact: true }).check()
  await scope.getByLabel(labels.men, { exact: true }).check()
  await scope.getByLabel(labels.name).fill('Elodie')
  await scope.getByLabel(labels.dob).fill('1991-07-14')
  await scope.getByLabel(labels.email).fill(email)
  await scope.getByLabel(labels.password, { exact: true }).fill('saffron-meadow-81')
  await scope.getByLabel(labels.repeat).fill('saffron-meadow-81')
}

/** Fills /directdebit's account form (the 100-credit bundle), without sending it. */
export async function fillDirectDebit(
  page: Page,
  details: {
    holder: string
    iban: string
    street: string
    house: string
    zip: string
    city: string
    phone: string
  },
) {
  await page.getByRole('radio', { name: /^100 credits for/ }).check()
  await page.getByLabel('Account holder').fill(details.holder)
  await page.getByLabel('IBAN').fill(details.iban)
  await page.getByLabel('Street').fill(details.street)
  await page.getByLabel('House number').fill(details.house)
  await page.getByLabel('Postcode').fill(details.zip)
  await page.getByLabel('City').fill(details.city)
  await page.getByLabel('Mobile number').fill(details.phone)
}

/**
 * The member buys the bundle of `credits` by PayPal in the sandbox (the API, then the provider's
 * page), paid and credited; answers the payment and the bundle.
 */
export async function sandboxBuy(page: Page, credits: number) {
  const { packages } = await (await page.request.get('/api/credits.php')).json()
  const bundle = packages.find((p: { credits: number }) => p.credits === credits)
  const created = await page.request.post('/api/payment.php', {
    data: { package: bundle.id, method: 'paypal' },
  })
  expect(created.status()).toBe(200)
  const { checkout_url, payment_id } = await created.json()
  await page.goto(checkout_url)
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByText(/^Payment completed/)).toBeVisible({ timeout: 15_000 })
  return { payment: payment_id as string, bundle: bundle.id as number }
}

/** A page without JavaScript on the session of `from`, in `language`. */
export async function withoutScripts(browser: Browser, from: BrowserContext, language: 'en' | 'fr') {
  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.addCookies([
    ...(await from.cookies()).filter((c) => c.name !== 'i18n_redirected'),
    { name: 'i18n_redirected', value: language, url: E2E_ORIGIN },
  ])
  return { context, page: await context.newPage() }
}

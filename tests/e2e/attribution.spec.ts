import type { Browser, Page } from '@playwright/test'
import { LANDER_SLUGS, LANDERS } from '#common/landers.ts'
import {
  consoleLogin,
  expect,
  expectAccessible,
  fillSignup,
  SIGNUP_FORM,
  skipEntryWarning,
  test,
} from './fixtures.ts'
import { E2E_ADMIN } from './staff-account.ts'

/** Every page paid traffic lands on: the nine landers and the member landings. */
const LANDINGS: Array<{ name: string; path: (slug: string) => string }> = [
  ...LANDERS.map((name) => ({ name, path: (slug: string) => `/landers/${name}/${slug}` })),
  { name: 'landing', path: () => '/members/1/landing' },
  { name: 'landing2', path: (slug: string) => `/members/1/landing2/${slug}` },
  { name: 'landing3', path: (slug: string) => `/members/1/landing3/${slug}` },
  { name: 'member-signup', path: () => '/members/1/signup' },
]

let visitors = 0

/** From a landing with a campaign's tracking in its address to a new account, as a visitor would. */
async function signUpFrom(
  browser: Browser,
  landing: (typeof LANDINGS)[number],
  locale: 'en' | 'fr',
  network: string,
) {
  const phone = locale === 'fr'
  const context = await browser.newContext({
    viewport: phone ? { width: 375, height: 760 } : { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    locale: phone ? 'fr-FR' : 'en-GB',
    // A visitor of their own (the server trusts this machine's proxy): visits are limited per address.
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${++visitors}` },
  })
  const page: Page = await context.newPage()
  await skipEntryWarning(page)
  await page.goto(
    `${landing.path(LANDER_SLUGS[locale])}?network=${network}&ref=r-${locale}&sub2=${landing.name}`,
  )
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  if (landing.name === 'tinderswipe') {
    // A few swipes, then the deck's end offers the sign-up.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
    await expect(page.getByTestId('swipe-lander-end')).toBeVisible()
  }
  if (landing.name !== 'member-signup') await page.locator('main a[href*="signup"]').first().click()
  // A desktop signs up in the modal over the landing, a phone on the sign-up page.
  const form =
    phone || landing.name === 'member-signup' ? page.locator('main') : page.locator('#signup-modal')
  await expect(form.getByLabel(SIGNUP_FORM[locale].email)).toBeVisible()
  if (phone) await expect(page).toHaveURL(/signup/)
  // Each landing itself is held to axe in landers.spec and member-pages.spec; here the sign-up step.
  if (landing === LANDINGS[0] || landing.name === 'member-signup') await expectAccessible(page)
  await fillSignup(form, `e2e-${network}-${landing.name}-${locale}@example.com`, SIGNUP_FORM[locale])
  await form.getByRole('button', { name: SIGNUP_FORM[locale].submit }).click()
  await expect(page).toHaveURL(/\/complete-signup/)
  await context.close()
}

test('every landing signs visitors up, in English on a desktop and in French on a phone, and the console counts each by its source', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const network = `att${Date.now().toString(36)}`
  for (const landing of LANDINGS) {
    await signUpFrom(browser, landing, 'en', network)
    await signUpFrom(browser, landing, 'fr', network)
  }

  // The tracking went from each landing to its account: the report by sub2 of this network has one
  // row per landing, two visits or more and two sign-ups each.
  const page = await (await browser.newContext()).newPage()
  await consoleLogin(page, E2E_ADMIN)
  await page.goto('/admin/statistics')
  await page.getByLabel('Group by').selectOption('sub2')
  await page.getByLabel('Network (empty: all)').fill(network)
  await page.getByRole('button', { name: 'Show' }).click()
  const table = page.getByTestId('stats-table')
  for (const landing of LANDINGS) {
    const row = table.getByRole('row', { name: new RegExp(`^${landing.name}\\b`) })
    await expect(row, landing.name).toBeVisible()
    const [visits, signups] = await row.getByRole('cell').allTextContents()
    expect(Number(visits), `${landing.name} visits`).toBeGreaterThanOrEqual(2)
    expect(Number(signups), `${landing.name} sign-ups`).toBe(2)
  }
  await page.context().close()
})

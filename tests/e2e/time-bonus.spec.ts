import type { Page } from '@playwright/test'
import { afterEffects, expect, newMember, openWithHeldClock, speaks, test } from './fixtures.ts'

const MODAL = { name: '25% off, for a few hours only' }
/**
 * The bonus is loaded once the page runs (its countdown shows) and its modal's timer set: a held
 * clock run before then would count from before the timer, and the modal would come late.
 */
const bonusLoaded = async (page: Page) => {
  await expect(page.getByText(/^Time bonus: 25% off/)).toBeVisible()
  await afterEffects(page)
}
const credits = async (page: Page) => (await (await page.request.get('/api/user.php')).json()).user.credits

// spec: STATE-8, MODAL-8, STATE-14
test('the time-bonus modal comes after 40 s in the members area, only with 0 credits, and stays dismissed', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const partner = await newMember(browser, { name: 'Bram', gender: 'male' })
  const member = await newMember(browser, { name: 'Fenna' })
  const page = member.page

  // With credits left, 40 s in the members area bring no modal.
  expect(await credits(page)).toBeGreaterThan(0)
  await openWithHeldClock(page, '/members')
  await bonusLoaded(page)
  await page.clock.runFor(41_000)
  await expect(page.getByRole('dialog', MODAL)).toHaveCount(0)

  // She spends her credits on messages to Bram: the first opens the conversation free.
  for (let i = 0; i < 6 && (await credits(page)) > 0; i++) {
    const sent = await page.request.post('/api/message.php', {
      data: { profile: partner.profileId, text: `Hello ${i}`, client_id: `bonus-${Date.now()}-${i}` },
    })
    expect(sent.status(), await sent.text()).toBe(200)
  }
  expect(await credits(page)).toBe(0)

  // Outside the members area, nothing comes.
  await openWithHeldClock(page, '/profile')
  await bonusLoaded(page)
  await page.clock.runFor(41_000)
  await expect(page.getByRole('dialog', MODAL)).toHaveCount(0)

  // In it, the modal comes at 40 s, not before.
  await openWithHeldClock(page, '/likes')
  await bonusLoaded(page)
  await page.clock.runFor(39_000)
  await expect(page.getByRole('dialog', MODAL)).toHaveCount(0)
  await page.clock.runFor(1_500)
  const modal = page.getByRole('dialog', MODAL)
  await expect(modal).toBeVisible()
  await expect(modal).toContainText(/\d:\d\d:\d\d/)

  // "Later" puts it away with the time it was dismissed, and it does not come back.
  await modal.getByRole('button', { name: 'Later' }).click()
  await expect(modal).toHaveCount(0)
  const dismissed = await page.evaluate(() => localStorage.getItem('dismissed-time-bonus-modal'))
  expect(Number.isNaN(Date.parse(dismissed ?? ''))).toBe(false)
  await openWithHeldClock(page, '/members')
  await bonusLoaded(page)
  await page.clock.runFor(41_000)
  await expect(page.getByRole('dialog', MODAL)).toHaveCount(0)
  await member.context.close()
  await partner.context.close()
})

// spec: STATE-4
test('logging out clears the time bonus and logging in loads it again', async ({ browser }) => {
  const member = await newMember(browser, { name: 'Sien' })
  const page = member.page
  const banner = page.getByText(/^Time bonus: 25% off/)
  await page.goto('/members')
  await expect(banner).toBeVisible()
  await page.getByRole('button', { name: 'Account menu for Sien' }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
  await expect(banner).toHaveCount(0)

  await page.getByRole('link', { name: 'Log in' }).click()
  await page.getByLabel('E-mail address').fill(member.email)
  await page.getByLabel('Password').fill('maple-lantern-52')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL('/members')
  await expect(banner).toBeVisible()
  await member.context.close()
})

for (const [locale, short] of [
  ['en', '25% off your first credits for'],
  ['fr', '1er achat à −25\u202f%, encore'],
] as const)
  test(`on a phone the time bonus says it in a few words, on one line (${locale})`, async ({ browser }) => {
    const member = await newMember(browser, { name: 'Lore' })
    await speaks(member, locale, 375)
    await member.page.goto('/members')
    const strip = member.page.getByRole('status').filter({ hasText: short })
    await expect(strip).toBeVisible()
    const { height } = (await strip.boundingBox()) ?? { height: 0 }
    const line = await strip.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight))
    const padding = await strip.evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingTop) * 2)
    expect(height - padding).toBeLessThan(line * 1.5)
    await member.context.close()
  })

test('with the time bonus running, Continue waits for its check: a quick click never pays the list price', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Oona' })
  const page = member.page
  await page.goto('/credits')
  await expect(page.getByTestId('bonus-on-bundles')).toBeVisible()
  // The bonus's check for the bundle and method answers slowly, as on a busy network.
  await page.route(/\/api\/discountcode\.php\?code=/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.getByRole('link', { name: /^Choose 100 credits for/ }).click()
  await page.getByRole('radio', { name: 'PayPal' }).check()
  // Continue, then Pay, as fast as a member can click: the payment is for the bonus's price.
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.locator('#payment-confirm-modal').getByRole('button', { name: /^Pay / }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/tr_/)
  await expect(page.locator('.amount')).toHaveText('€7.46')
  await member.context.close()
})

// spec: CALL-9
test('a failing welcome-discount call is ignored: no bonus, no error, the page works', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Tess' })
  const page = member.page
  let asked = 0
  await page.route(/\/api\/discountcode\.php\?welcome=true/, (route) => {
    asked++
    return route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'discount.unavailable', message: 'Unavailable' } }),
    })
  })
  await page.goto('/members')
  await expect.poll(() => asked).toBeGreaterThan(0)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(/^Time bonus/)).toHaveCount(0)
  await expect(page.getByText('Unavailable')).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await member.context.close()
})

import { expect, expectAccessible, expectNoHorizontalScroll, skipEntryWarning, test } from './fixtures.ts'

test('a member landing page (Empty layout) shows the member and the call to sign up', async ({ page }) => {
  await skipEntryWarning(page)
  const response = await page.goto('/members/1/landing')
  expect(response?.status()).toBe(200)
  const name = (await page.locator('.profile-summary p').first().textContent())?.split(',')[0] ?? ''
  expect(name.length).toBeGreaterThan(1)
  await expect(page).toHaveTitle(`${name} - LunaDate`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Get to know ${name}`)
  await expect(page.getByRole('img', { name: `Photo of ${name}` })).toBeVisible()
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    // Absolute, from the site's configured origin (PUBLIC_URL here), as social networks need it.
    /^http:\/\/localhost:3100\/media\/demo\/.+\.webp$/,
  )
  // Empty layout: no navigation, no footer.
  await expect(page.getByRole('navigation')).toHaveCount(0)
  await expect(page.getByRole('link', { name: `Sign up for free and chat with ${name}` })).toHaveAttribute(
    'href',
    '/members/1/signup',
  )
  await expectAccessible(page)
  await page.goto('/members/1/landing2/eng')
  // Nothing the data does not back: no "is online and waiting", no "liked your profile".
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Say hello to ${name}`)
  await page.goto('/members/1/landing3')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Do you like ${name}?`)
})

test('a fictional profile carries the fictional icon and warning', async ({ page }) => {
  await skipEntryWarning(page)
  // The demo data makes every 29th member, starting with the 6th, fictional.
  await page.goto('/members/6/landing')
  await expect(page.getByRole('img', { name: 'fictional profile' })).toHaveText('✦')
  await expect(page.getByText(/Profiles marked with ✦ are fictional/)).toBeVisible()
})

test('an unknown member is a 404', async ({ page }) => {
  await skipEntryWarning(page)
  expect((await page.goto('/members/999999/landing'))?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  expect((await page.goto('/members/abc/chat'))?.status()).toBe(404)
})

test('the chat entry page (Chat layout) asks a visitor to log in or sign up', async ({ page }) => {
  await page.goto('/members/2/chat')
  await expect(page.getByText(/Log in or sign up for free to chat with/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
  await expect(page.locator('footer')).toHaveCount(0)
  // Without a known country the Chat layout shows no entry warning: it is limited to NL and DE.
  await page.waitForTimeout(300)
  await expect(page.locator('#site-entry-warning')).toHaveCount(0)
  await expectAccessible(page)
})

test('the Chat layout shows the entry warning to visitors from NL and DE only', async ({ browser }) => {
  for (const [country, shown] of [
    ['NL', true],
    ['DE', true],
    ['FR', false],
  ] as const) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': country } })
    const page = await context.newPage()
    await page.goto('/members/2/chat')
    await expect(page.getByText(/Log in or sign up for free/)).toBeVisible()
    await page.waitForTimeout(300)
    await expect(page.locator('#site-entry-warning')).toHaveCount(shown ? 1 : 0)
    await context.close()
  }
})

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } })
  test('member pages have no horizontal scroll', async ({ page }) => {
    await skipEntryWarning(page)
    for (const path of ['/members/1/landing', '/members/1/landing3', '/members/1/chat']) {
      await page.goto(path)
      await expectNoHorizontalScroll(page)
    }
  })
})

test('signing up from a member landing page shows the member beside the form', async ({ page }) => {
  await skipEntryWarning(page)
  await page.goto('/members/1/landing')
  await page.getByRole('link', { name: /Sign up for free and chat with/ }).click()
  await expect(page).toHaveURL('/members/1/signup')
  await expect(page.locator('form.signup-form')).toBeVisible()
  await expect(page.locator('.profile-summary')).toBeVisible()
  await expectAccessible(page)
})

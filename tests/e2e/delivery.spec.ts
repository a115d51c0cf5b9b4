import type { Page } from '@playwright/test'
import { expect, skipEntryWarning, test } from './fixtures.ts'

/** The page-bounce beacons a page sends, read on their way to the server (which still gets them). */
async function bounces(page: Page) {
  const seen: Array<{ page: string; seconds: number; exit: string }> = []
  const statuses: number[] = []
  await page.route('**/api/page-bounce.php', async (route) => {
    seen.push(JSON.parse(route.request().postDataBuffer()?.toString() ?? 'null'))
    const response = await route.fetch()
    statuses.push(response.status())
    await route.fulfill({ response })
  })
  let read = 0
  return {
    /** The next beacon not read yet, once the server has answered it. */
    next: async () => {
      const index = read++
      await expect.poll(() => statuses.length).toBeGreaterThan(index)
      expect(statuses[index]).toBe(200)
      return seen[index]
    },
  }
}

test('pages and built assets go out compressed; search engines get robots.txt and a sitemap', async ({
  page,
}) => {
  await skipEntryWarning(page)
  const response = await page.goto('/pricing')
  expect(response?.headers()['content-encoding']).toBe('br')
  const script = await page.locator('script[type="module"][src], link[rel="modulepreload"]').first()
  const src = (await script.getAttribute('src')) ?? (await script.getAttribute('href'))
  const asset = await page.request.get(src ?? '', { headers: { 'accept-encoding': 'br, gzip' } })
  expect(asset.headers()['content-encoding']).toBe('br')
  expect(asset.headers()['cache-control']).toContain('immutable')
  // A built file carries none of a document's headers (ADR 21), but still nosniff.
  expect(asset.headers()['x-content-type-options']).toBe('nosniff')
  expect(asset.headers()['content-security-policy']).toBeUndefined()
  expect(asset.headers()['x-frame-options']).toBeUndefined()
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  // The page's strings: one language, as JSON, without the mails' or the console's.
  const strings = page.locator('link[rel="preload"][data-strings]')
  await expect(strings).toHaveCount(1)
  expect(await strings.getAttribute('data-strings')).toBe('en')
  const bundle = await page.request.get((await strings.getAttribute('href')) ?? '')
  expect(bundle.headers()['cache-control']).toContain('immutable')
  const keys = Object.keys(await bundle.json())
  expect(keys).toContain('pricing')
  expect(keys).not.toContain('mail')
  expect(keys).not.toContain('console')
  const robots = await page.request.get('/robots.txt')
  expect(await robots.text()).toContain('Sitemap: ')
  const sitemap = await page.request.get('/sitemap.xml')
  expect(await sitemap.text()).toContain('/landers/gallery/fra</loc>')
  const member = await page.request.get('/members')
  expect(member.headers()['x-robots-tag']).toBe('noindex, nofollow')
})

// spec: MODAL-7
test('a page opened with lb tells how long the visitor stayed and how they left', async ({ page }) => {
  await skipEntryWarning(page)
  const beacons = await bounces(page)
  // Left by a link.
  await page.goto('/landers/gallery/eng?lb=1')
  await page.getByRole('link', { name: 'Pricing' }).click()
  expect(await beacons.next()).toMatchObject({ page: '/landers/gallery/eng', exit: 'link' })

  // Left by hiding the tab (closing it, switching away).
  await page.goto('/pricing?lb=1')
  await page.waitForTimeout(300)
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  const closed = await beacons.next()
  expect(closed).toMatchObject({ page: '/pricing', exit: 'closed' })
  expect(closed.seconds).toBeGreaterThan(0.2)

  // Left by signing up.
  await page.goto('/signup?lb=1')
  await page.getByLabel('A woman', { exact: true }).check()
  await page.getByLabel('Men', { exact: true }).check()
  await page.getByLabel('Profile name').fill('Bounce')
  await page.getByLabel('Date of birth').fill('1990-04-04')
  await page.getByLabel('E-mail address').fill(`e2e-bounce-${Date.now()}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill('saffron-meadow-81')
  await page.getByLabel('Repeat password').fill('saffron-meadow-81')
  await page.getByRole('button', { name: 'Create my free profile' }).click()
  expect(await beacons.next()).toMatchObject({ page: '/signup', exit: 'signup' })
  await expect(page).toHaveURL(/\/complete-signup/)
})

test('a public page loads no zod, no schemas and no console strings until a form asks for its checks', async ({
  page,
}) => {
  await skipEntryWarning(page)
  const scripts: string[] = []
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''))
  })
  await page.goto('/landers/gallery/eng')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.waitForLoadState('networkidle')
  expect(scripts.length).toBeGreaterThan(5)
  expect(scripts.filter((code) => code.includes('ZodError'))).toEqual([])
  // The sign-up form's checks come with its first submit, in the member's language.
  await page.getByRole('link', { name: 'Sign up for free' }).first().click()
  const modal = page.locator('#signup-modal')
  await expect(modal).toBeVisible()
  await modal.getByRole('button', { name: 'Create my free profile' }).click()
  await expect(modal.getByText('Invalid email')).toBeVisible()
  // A script's text is read after its response arrives: wait for it rather than race it.
  await expect.poll(() => scripts.some((code) => code.includes('ZodError'))).toBe(true)
})

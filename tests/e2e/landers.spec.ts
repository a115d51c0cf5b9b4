import { LANDERS } from '#common/landers.ts'
import { expect, expectAccessible, expectNoHorizontalScroll, skipEntryWarning, test } from './fixtures.ts'

test('the tinderswipe lander deals real members to swipe by button, key and drag, then the sign-up modal', async ({
  page,
}) => {
  await skipEntryWarning(page)
  await page.goto('/landers/tinderswipe/eng?network=swipeads&sub1=s1')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Swipe, match, chat')
  const card = page.getByTestId('swipe-card')
  const link = card.getByRole('heading').getByRole('link')
  // A real member: the card leads to their page.
  await expect(link).toHaveAttribute('href', /^\/members\/\d+$/)
  await expectAccessible(page)
  let href = await link.getAttribute('href')
  await page.getByRole('button', { name: /^Like / }).click()
  await expect(link).not.toHaveAttribute('href', href ?? '')
  href = await link.getAttribute('href')
  await page.keyboard.press('ArrowLeft')
  await expect(link).not.toHaveAttribute('href', href ?? '')
  const box = await card.boundingBox()
  if (!box) throw new Error('no card')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 90, box.y + box.height / 3, { steps: 4 })
  await page.mouse.move(box.x + box.width / 2 + 190, box.y + box.height / 3, { steps: 4 })
  await page.mouse.up()

  // Three swipes, then the sign-up: the modal on a desktop.
  const end = page.getByTestId('swipe-lander-end')
  await expect(end).toContainText('Like what you see?')
  await expectAccessible(page)
  await end.getByRole('link', { name: 'Sign up for free' }).click()
  await expect(page.locator('#signup-modal')).toBeVisible()
})

test('on a phone, in French, the tinderswipe lander leads to the sign-up page', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 760 } })
  const page = await context.newPage()
  await skipEntryWarning(page)
  await page.goto('/landers/tinderswipe/fra')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Swipez, matchez, discutez')
  // The deck is on the first screen.
  const card = await page.getByTestId('swipe-card').boundingBox()
  expect(card?.y ?? 999).toBeLessThan(760)
  await expectNoHorizontalScroll(page)
  await expectAccessible(page)
  for (let i = 0; i < 3; i++)
    await page
      .getByRole('button', { name: /^(Passer|Ignorer|Non)/ })
      .first()
      .click()
  await page.getByTestId('swipe-lander-end').getByRole('link').click()
  await expect(page).toHaveURL(/\/signup/)
  await context.close()
})

const LANDER_NAMES = LANDERS

// spec: PROD-7, ROUTE-10
test('every lander has its own design, accessible, in English on a desktop with the sign-up modal', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // The moving landers never stop moving; axe reads colours once nothing moves (still slides).
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await skipEntryWarning(page)
  const designs = new Set<string>()
  for (const name of LANDER_NAMES) {
    await page.goto(`/landers/${name}/eng?network=landers&sub2=${name}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // Each design is its own section, not one template with other words.
    designs.add(
      (await page.locator('main > div > section, main > section').first().getAttribute('class')) ?? '',
    )
    if (name === 'video' || name === 'transitionsvideolanding') {
      // Reduced motion: the portraits stand still (no zoom, no crossfade), whatever the lander's own rules.
      await page.waitForTimeout(500)
      expect(await page.evaluate(() => document.getAnimations().length), name).toBe(0)
    }
    await expectAccessible(page)
    if (name === 'tinderswipe') continue
    await page.getByRole('link', { name: 'Sign up for free' }).first().click()
    await expect(page.locator('#signup-modal')).toBeVisible()
  }
  expect(designs.size).toBe(LANDER_NAMES.length)
})

test('every lander holds on a phone in French and leads to the sign-up page', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ viewport: { width: 375, height: 760 }, reducedMotion: 'reduce' })
  const page = await context.newPage()
  await skipEntryWarning(page)
  for (const name of LANDER_NAMES) {
    await page.goto(`/landers/${name}/fra`)
    await expect(page.locator('[lang="fr"]').first()).toBeVisible()
    await expectNoHorizontalScroll(page)
    await expectAccessible(page)
    if (name === 'tinderswipe') continue
    await page.getByRole('link', { name: 'Inscription gratuite' }).first().click()
    await expect(page).toHaveURL(/\/signup/)
  }
  await context.close()
})

test('the map lander shows the regions of the visitor’s own country: a French browser sees France’s', async ({
  browser,
}) => {
  for (const [locale, region, other] of [
    ['fr-FR', 'Île-de-France', 'Utrecht'],
    ['nl-NL', 'Utrecht', 'Île-de-France'],
  ] as const) {
    const context = await browser.newContext({ locale })
    const page = await context.newPage()
    await skipEntryWarning(page)
    await page.goto('/landers/maplanding')
    await expect(page.getByText(region, { exact: true })).toBeVisible()
    await expect(page.getByText(other, { exact: true })).toHaveCount(0)
    await context.close()
  }
})

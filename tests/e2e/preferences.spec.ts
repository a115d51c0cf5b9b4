import { expect, expectAccessible, expectNoHorizontalScroll, newMember, test } from './fixtures.ts'

const ageOf = async (heading: { textContent(): Promise<string | null> }) =>
  Number(((await heading.textContent()) ?? '').match(/, (\d+)/)?.[1])

test('search and the swipe game start from whom the member looks for; an empty search says how to widen it', async ({
  browser,
}) => {
  // Born on 2 February 1989 and looking for men (the sign-up default): men of 27 to 47 at first.
  const { page, context } = await newMember(browser, { name: 'Prefers', gender: 'female' })
  const { age } = (await (await page.request.get('/api/profile.php')).json()).profile
  await page.goto('/members')
  await expect(page.locator('.preferences-note')).toHaveText(
    `As in your preferences: men, ${age - 10} to ${age + 10} years. Change my preferences`,
  )
  await expect(page.getByLabel('Looking for')).toHaveValue('male')
  await expect(page.getByLabel('From')).toHaveValue(String(age - 10))
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(String(age + 10))
  const cards = page.locator('.member-grid').first().getByRole('heading')
  for (const heading of await cards.all()) {
    const shown = await ageOf(heading)
    expect(shown).toBeGreaterThanOrEqual(age - 10)
    expect(shown).toBeLessThanOrEqual(age + 10)
  }
  await expectAccessible(page)

  // She narrows them in her profile; search and the swipe game follow (the demo members hold five
  // men in the Netherlands of 30 to 50 on any day: their ages are drawn, not their birth dates).
  await page.getByRole('link', { name: 'Change my preferences' }).click()
  await expect(page).toHaveURL('/profile#looking-for-section')
  await page.locator('#profile-min-age').selectOption('30')
  await page.locator('#profile-max-age').selectOption('50')
  await page.getByRole('button', { name: 'Save my profile' }).click()
  await expect(page.getByText('Your profile has been saved.')).toBeVisible()
  await page.goto('/members')
  await expect(page.locator('.preferences-note')).toHaveText(
    'As in your preferences: men, 30 to 50 years. Change my preferences',
  )
  await page.goto('/swipe-game')
  const card = page.getByTestId('swipe-card')
  for (let i = 0; i < 3; i++) {
    const shown = await ageOf(card.getByRole('heading'))
    expect(shown).toBeGreaterThanOrEqual(30)
    expect(shown).toBeLessThanOrEqual(50)
    // The next card is another member (by their page's address: two may share a name and an age).
    const link = card.getByRole('heading').getByRole('link')
    const before = await link.getAttribute('href')
    await page.getByRole('button', { name: /^Pass on / }).click()
    await expect(link).not.toHaveAttribute('href', before ?? '')
  }

  // Nobody of 98 or 99: the page offers each filter to drop, in French too, on a phone.
  await context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: page.url() }])
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/members?gender=male&min_age=98&max_age=99')
  const widen = page.locator('.widen-search')
  await expect(widen).toContainText('Personne ne correspond à tous ces filtres.')
  await expectAccessible(page)
  await expectNoHorizontalScroll(page)
  await widen.getByRole('link', { name: 'tous les âges' }).click()
  await expect(page).toHaveURL('/members?gender=male')
  await expect(page.locator('.member-grid').first().getByRole('heading').first()).toBeVisible()
  await context.close()
})

import {
  E2E_ORIGIN,
  expect,
  expectAccessible,
  expectChoicesWhole,
  expectNoHorizontalScroll,
  newMember,
  skipEntryWarning,
  speaks,
  test,
  waitForApp,
} from './fixtures.ts'

for (const width of [1280, 375]) {
  // spec: PROD-1, DATA-13
  test(`search members with filters at ${width} px; every result honours them`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await skipEntryWarning(page)
    await page.goto('/members')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search members')
    await expect(page.getByRole('status').filter({ hasText: /members? found/ })).toBeVisible()
    // On a phone the filters are folded behind one button; the results come first.
    const toggle = page.getByRole('button', { name: 'Filters' })
    if (width === 375) {
      await expect(page.getByLabel('Looking for')).toBeHidden()
      await expect(page.getByRole('list', { name: 'Results' }).getByRole('link').first()).toBeInViewport()
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    } else {
      await expect(toggle).toBeHidden()
    }
    await page.getByLabel('Looking for').selectOption('female')
    await page.getByLabel('From', { exact: true }).selectOption('25')
    await page.getByLabel('To', { exact: true }).selectOption('45')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/gender=female/)
    await expect(page).toHaveURL(/min_age=25/)
    const cards = page.getByRole('list', { name: 'Results' }).locator('h2')
    const texts = await cards.allTextContents()
    expect(texts.length).toBeGreaterThan(0)
    for (const text of texts) {
      const age = Number(text.match(/, (\d+)/)?.[1])
      expect(age).toBeGreaterThanOrEqual(25)
      expect(age).toBeLessThanOrEqual(45)
    }
    await page.reload()
    if (width === 375) await expect(page.getByRole('button', { name: 'Filters (3 on)' })).toBeVisible()
    await expect(page.getByLabel('Looking for')).toHaveValue('female')
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('45')
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)
    await context.close()
  })
}

// From a tablet up the filters lie in rows: every choice wide enough to read what it holds, the
// checkboxes on a row of their own with the button at its end.
for (const width of [820, 1280]) {
  test(`the filters' layout at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await skipEntryWarning(page)
    await page.goto('/members')
    const form = page.getByRole('form', { name: 'Search filters' })
    await expect(form.getByLabel('Looking for')).toBeVisible()
    for (const locale of ['fr', 'en']) {
      // The choice each select shows is whole, in both languages ("Toutes les régio" once, at 1280 px).
      await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: E2E_ORIGIN }])
      await page.goto('/members')
      await expectChoicesWhole(page.locator('.search-filters select'))
      const country = page.locator('#f-country')
      for (const option of await country.locator('option').allTextContents()) {
        await country.selectOption({ label: option })
        await expectChoicesWhole(country)
      }
    }
    const button = await form.getByRole('button', { name: 'Search' }).boundingBox()
    const check = await form.getByLabel('New members only').boundingBox()
    const box = await form.boundingBox()
    if (!button || !check || !box) throw new Error('the filters are not laid out')
    expect(Math.abs(button.y + button.height / 2 - (check.y + check.height / 2))).toBeLessThan(12)
    expect(box.x + box.width - (button.x + button.width)).toBeLessThan(24)
    await context.close()
  })
}

// On a phone a new member's notices (the test site's, the time bonus, the e-mail to confirm) leave
// the first row of results on the first screen (an iPhone SE's 375 × 667).
test('at 375 px a new member sees the first results under the notices on the first screen; at 1280 px a notice is one row', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Solene', activate: false })
  const { page } = member
  await page.setViewportSize({ width: 375, height: 667 })
  await page.goto('/members')
  await expect(page.getByText(/Please confirm your e-mail address/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send again' })).toBeInViewport()
  const first = page.getByRole('list', { name: 'Results' }).getByRole('listitem').first()
  const box = await first.boundingBox()
  // At least the upper 110 px of its photo: the face, not a strip at the bottom edge.
  expect(box?.y ?? 667).toBeLessThan(667 - 110)
  await expectNoHorizontalScroll(page)
  // On a wide screen the notice's buttons sit beside its text, not on a row of their own.
  await page.setViewportSize({ width: 1280, height: 800 })
  const text = await page.getByText(/Please confirm your e-mail address/).boundingBox()
  const again = await page.getByRole('button', { name: 'Send again' }).boundingBox()
  if (!text || !again) throw new Error('the notice is not laid out')
  expect(again.y).toBeLessThan(text.y + text.height)
  expect(again.x).toBeGreaterThan(text.x + text.width)
  await member.context.close()
})

test('page through the results', async ({ page }) => {
  await skipEntryWarning(page)
  await page.goto('/members')
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
  const ids = () =>
    page
      .getByRole('list', { name: 'Results' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  const firstPage = await ids()
  expect(firstPage).toHaveLength(24)
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible()
  const secondPage = await ids()
  expect(secondPage.length).toBeGreaterThan(0)
  await page.getByRole('link', { name: 'Previous page' }).click()
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
  const firstAgain = await ids()
  expect(firstAgain).toHaveLength(24)
  // Members appear on one page only. The most recently active come first and other journeys run
  // alongside: a member seen on both pages was pushed down by one active in between, and has left
  // page 1 since.
  expect(secondPage.filter((id) => firstPage.includes(id) && firstAgain.includes(id))).toEqual([])
})

test('a region narrows the search and similar members are offered when few match', async ({ page }) => {
  await skipEntryWarning(page)
  await page.goto('/members')
  await page.getByLabel('Country').selectOption('NL')
  await page.getByLabel('Region').selectOption({ label: 'Zeeland' })
  await page.getByLabel('From', { exact: true }).selectOption('60')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/countryregion=\d+/)
  await expect(page.getByRole('heading', { name: /Similar members/ })).toBeVisible()
})

test('a search filter or a page of results loads the page’s data only, not the root’s', async ({ page }) => {
  await skipEntryWarning(page)
  await page.goto('/members')
  await waitForApp(page)
  // React Router asks for the loaders that must run: all of them without `_routes`, else those named.
  const loads: URL[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/members.data') loads.push(url)
  })
  const ran = (url: URL) => url.searchParams.get('_routes')?.split(',') ?? ['root', 'every route']
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible()
  await page.getByLabel('Looking for').selectOption('female')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/gender=female/)
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
  expect(loads).toHaveLength(2)
  for (const url of loads) expect(ran(url)).toEqual(['routes/members/search'])
  // Another page loads the root's data again (a move, not a filter).
  const other = page.waitForRequest((request) => new URL(request.url()).pathname === '/pricing.data')
  await page.getByRole('link', { name: 'Pricing' }).first().click()
  expect(ran(new URL((await other).url()))).toContain('root')
})

test('a member with a town sees the nearest first, distances in bands, and can search within a distance (en, fr)', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Pieter', gender: 'male' })
  const page = member.page
  // No town yet: the most recent first, and the page says how to see who is near.
  await page.goto('/members?gender=female')
  await expect(page.getByText('Add your town to your profile to see who is near you.')).toBeVisible()
  await expect(page.getByLabel('Distance')).toHaveCount(0)
  expect(
    (
      await page.request.put('/api/profile.php', {
        data: { country: 'NL', city: 'Utrecht', region_id: null },
      })
    ).status(),
  ).toBe(200)

  await page.goto('/members?gender=female')
  const distances = page.getByRole('list', { name: 'Results' }).getByTestId('distance')
  await expect(distances.first()).toBeVisible()
  const shown = await distances.allTextContents()
  expect(shown.every((d) => /^(Under|About) \d+ km$/.test(d))).toBe(true)
  // Nearest first: the bands never go down the page.
  const km = shown.map((d) => (d.startsWith('Under') ? 0 : Number(d.replace(/\D/g, ''))))
  expect(km).toEqual([...km].sort((a, b) => a - b))

  await page.getByLabel('Distance').selectOption({ label: 'Within 50 km' })
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/distance=50/)
  // The new results replace the old ones: every distance shown is then within 50 km.
  await expect
    .poll(async () => {
      const near = await distances.allTextContents()
      return near.length > 0 && near.every((d) => d.startsWith('Under') || Number(d.replace(/\D/g, '')) <= 50)
    })
    .toBe(true)
  await expectAccessible(page)

  await member.context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: E2E_ORIGIN }])
  await page.goto('/members?gender=female&distance=50')
  await expect(page.getByLabel('Distance')).toHaveValue('50')
  await expect(page.getByTestId('distance').first()).toHaveText(/^À (moins de|environ) \d+ km$/)
  await member.context.close()
})

test('the swipe game deals a member with a town the nearest first, each card saying how far (en, fr at 375 px)', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Joost', gender: 'male' })
  const page = member.page
  expect(
    (
      await page.request.put('/api/profile.php', {
        data: { country: 'NL', city: 'Utrecht', region_id: null },
      })
    ).status(),
  ).toBe(200)
  await page.goto('/swipe-game')
  const card = page.getByTestId('swipe-card')
  await expect(card.getByTestId('distance')).toHaveText(/^(Under|About) \d+ km$/)

  // In French on a phone, pass card after card: the distances never go down.
  await speaks(member, 'fr', 375)
  await page.goto('/swipe-game')
  await expectNoHorizontalScroll(page)
  await expectAccessible(page)
  const link = card.getByRole('heading').getByRole('link')
  const seenAll = page.getByText('Vous avez vu tout le monde pour le moment.')
  const km: number[] = []
  for (let i = 0; i < 6; i++) {
    // The deck may run out: the members of his age in the Netherlands are few.
    await expect(link.or(seenAll)).toBeVisible()
    if (await seenAll.isVisible()) break
    const distance = card.getByTestId('distance')
    // Members without a place come last: after the first of them, none has a distance.
    if ((await distance.count()) === 0) break
    const text = (await distance.textContent()) ?? ''
    expect(text).toMatch(/^À (moins de|environ) \d+ km$/)
    km.push(text.includes('moins') ? 0 : Number(text.replace(/\D/g, '')))
    const before = await link.getAttribute('href')
    await page.getByRole('button', { name: /^Passer / }).click()
    await expect(link.and(page.locator(`[href="${before}"]`))).toHaveCount(0)
  }
  expect(km.length).toBeGreaterThan(1)
  expect(km).toEqual([...km].sort((a, b) => a - b))
  await member.context.close()
})

test('search by interests: the chosen ones stay in the address and the filters', async ({ browser }) => {
  const member = await newMember(browser, { name: 'Ines', gender: 'female' })
  const page = member.page
  await page.goto('/members?gender=male')
  await page.locator('.search-interests summary').click()
  const chip = page.locator('.search-interests label').first()
  await chip.click()
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/interests=\d+/)
  await expect(page.locator('.search-interests summary')).toHaveText('Interests (1 chosen)')
  await expect(page.getByRole('status').filter({ hasText: /members? found/ })).toBeVisible()
  await expectAccessible(page)
  await member.context.close()
})

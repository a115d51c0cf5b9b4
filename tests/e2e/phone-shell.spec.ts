import { expect, expectAccessible, expectNoHorizontalScroll, newMember, test } from './fixtures.ts'

// spec: NAV-1, DATA-6
test('on a phone a member navigates by the tab bar, with the likes and messages counts; the desktop keeps the top bar', async ({
  browser,
}) => {
  const noor = await newMember(browser, { name: 'Noortje', gender: 'female' })
  const sem = await newMember(browser, { name: 'Sem', gender: 'male' })
  const { page } = noor
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/members')
  const tabs = page.getByRole('navigation', { name: 'Sections' })
  await expect(tabs.getByRole('link')).toHaveText(['Search', 'Likes', 'Messages', 'Profile'])
  // The top bar keeps the logo, the credits and the account menu.
  const top = page.getByRole('navigation', { name: 'Main navigation' })
  await expect(top.getByRole('link', { name: 'Search members' })).toBeHidden()
  await expect(top.getByRole('link', { name: 'Likes' })).toBeHidden()
  await expect(top.getByRole('button', { name: 'Account menu for Noortje' })).toBeVisible()
  // What shows of it (the desktop's wording is hidden).
  await expect(top.getByRole('link', { name: 'Get Premium' }).locator('span:visible')).toHaveText('★ Premium')
  // Large tap targets, and the page ends above the bar.
  const box = await tabs.getByRole('link', { name: 'Likes' }).boundingBox()
  expect(box?.height).toBeGreaterThanOrEqual(48)
  expect(box?.y).toBeGreaterThan(740 - 80)
  await expectAccessible(page)
  await expectNoHorizontalScroll(page)

  // A like arrives: the tab shows it, and its name says so.
  expect((await sem.page.request.post('/api/like.php', { data: { profile: noor.profileId } })).status()).toBe(
    200,
  )
  await page.reload()
  await expect(page.getByTestId('tab-likes-badge')).toHaveText('1')
  await expect(tabs.getByRole('link', { name: /Likes.*1/ })).toBeVisible()
  await tabs.getByRole('link', { name: /Likes/ }).click()
  await expect(page).toHaveURL('/likes')
  await expect(tabs.getByRole('link', { name: /Likes/ })).toHaveClass(/active/)
  await tabs.getByRole('link', { name: 'Messages' }).click()
  await expect(page).toHaveURL('/chats')
  await tabs.getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL('/profile')

  // In French.
  await noor.context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: page.url() }])
  await page.goto('/members')
  await expect(page.getByRole('navigation', { name: 'Rubriques' }).getByRole('link')).toHaveText([
    'Rechercher',
    // With its count of new likes in front.
    /Likes$/,
    'Messages',
    'Profil',
  ])
  await expectAccessible(page)

  // The desktop: no tab bar, the spec's top navigation.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByRole('navigation', { name: 'Rubriques' })).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible()
  await noor.context.close()
  await sem.context.close()
})

test('the swipe game speaks of swiping on a touch screen and of arrow keys on a keyboard', async ({
  browser,
}) => {
  const phone = await newMember(browser, { name: 'Tess' })
  const touch = await browser.newContext({
    storageState: await phone.context.storageState(),
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    isMobile: true,
  })
  const page = await touch.newPage()
  await page.goto('/swipe-game')
  await expect(page.getByText('Swipe right to like, left to pass.')).toBeVisible()
  await expect(page.getByText('press →')).toBeHidden()
  await phone.page.goto('/swipe-game')
  await expect(
    phone.page.getByText('Swipe right or press → to like, swipe left or press ← to pass.'),
  ).toBeVisible()
  await expect(phone.page.getByText('Swipe right to like, left to pass.')).toBeHidden()
  await touch.close()
  await phone.context.close()
})

test('on a phone the swipe game’s like and pass buttons are on the first screen, above the tab bar', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Ilse' })
  for (const viewport of [
    { width: 375, height: 667 },
    { width: 390, height: 844 },
  ]) {
    const touch = await browser.newContext({
      storageState: await member.context.storageState(),
      viewport,
      hasTouch: true,
      isMobile: true,
    })
    const page = await touch.newPage()
    await page.goto('/swipe-game')
    const like = page.getByRole('button', { name: /^Like / })
    await expect(like).toBeEnabled()
    const tabBar = page.getByRole('navigation', { name: 'Sections' })
    // The photo reminder, the offer and the test-site banner above it all the same.
    await expect(page.getByText('Add a photo to your profile')).toBeVisible()
    await expect
      .poll(async () => {
        const bar = await tabBar.boundingBox()
        const buttons = await Promise.all(
          [like, page.getByRole('button', { name: /^Pass / })].map((b) => b.boundingBox()),
        )
        return buttons.every((b) => b !== null && bar !== null && b.y >= 0 && b.y + b.height <= bar.y)
      })
      .toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await touch.close()
  }
  await member.context.close()
})

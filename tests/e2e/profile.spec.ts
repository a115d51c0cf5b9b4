import { expect, expectAccessible, expectNoHorizontalScroll, skipEntryWarning, test } from './fixtures.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4JBGNFTEMLQkASUpNQZrcHIAAAAAASUVORK5CYII=',
  'base64',
)

for (const width of [1280, 375]) {
  // spec: PROD-1
  test(`edit my profile and photos at ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    const page = await context.newPage()
    await skipEntryWarning(page)
    const res = await page.request.post('/api/signup.php', {
      data: {
        email: `e2e-profile-${width}-${Date.now()}@example.com`,
        name: 'Fleur',
        password: 'willow-harbor-38',
        date_of_birth: '1992-09-09',
        gender: 'female',
      },
    })
    expect(res.status()).toBe(201)
    await page.goto('/members')
    await page.getByRole('button', { name: 'Account menu for Fleur' }).click()
    await page.getByRole('link', { name: 'My profile' }).click()
    await expect(page).toHaveURL('/profile')
    await expect(page.getByRole('heading', { name: 'My photos (0 of 3)' })).toBeVisible()

    await page.locator('#photo-input').setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.getByRole('heading', { name: 'My photos (1 of 3)' })).toBeVisible()
    await page.locator('#photo-input').setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.getByRole('heading', { name: 'My photos (2 of 3)' })).toBeVisible()
    await page.getByRole('button', { name: 'Make main' }).click()
    await expect(
      page
        .getByRole('listitem')
        .filter({ has: page.getByAltText('My photo 2') })
        .getByText('Main photo'),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Delete photo 1' }).click()
    await expect(page.getByRole('heading', { name: 'My photos (1 of 3)' })).toBeVisible()

    await page.getByLabel('Profile name').fill('Fleur-Anne')
    await page.getByLabel('Hair').selectOption('red')
    await page.getByLabel('Tattoos').selectOption('some')
    await page.getByLabel('About me').fill('Graphic designer, cyclist, coffee addict.')
    await page.getByText('Travel', { exact: true }).click()
    await page.getByLabel('Invisible mode').check()
    await page.getByRole('button', { name: 'Save my profile' }).click()
    await expect(page.getByText('Your profile has been saved.')).toBeVisible()
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)

    await page.reload()
    await expect(page.getByLabel('Profile name')).toHaveValue('Fleur-Anne')
    await expect(page.getByLabel('Hair')).toHaveValue('red')
    await expect(page.getByLabel('Invisible mode')).toBeChecked()
    await context.close()
  })
}

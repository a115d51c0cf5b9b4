import { consoleLogin, expect, expectAccessible, openFromMenu, test } from './fixtures.ts'
import { E2E_ADMIN } from './staff-account.ts'

test('an admin changes a site’s settings in the console; the site shows the change at once', async ({
  page,
}) => {
  const before = (await (await page.request.get('/api/settings.php')).json()).gift_credits as number
  await consoleLogin(page, E2E_ADMIN)
  await openFromMenu(page, 'Settings')
  await expect(page.getByRole('heading', { name: 'Site settings' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('Credits per gift').fill(String(before + 5))
  await page.getByRole('button', { name: 'Save the settings' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved: the site shows the change now.')
  const after = (await (await page.request.get('/api/settings.php')).json()).gift_credits
  expect(after).toBe(before + 5)
  // Back as it was, for the journeys that follow.
  await page.getByLabel('Credits per gift').fill(String(before))
  await page.getByRole('button', { name: 'Save the settings' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved: the site shows the change now.')
})

import {
  E2E_ORIGIN,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  skipEntryWarning,
  test,
} from './fixtures.ts'

// The trust page (issue 54, point 10; ADR 32): figures counted from the database, each with its
// definition and period; from the footer, in English on a desktop and in French on a phone.

test('the trust page shows five counted figures with their definitions, in English and in French', async ({
  page,
  context,
}) => {
  await skipEntryWarning(page)
  await page.goto('/')
  await page
    .getByRole('navigation', { name: 'Legal and help' })
    .getByRole('link', { name: 'Trust and figures' })
    .click()
  await expect(page).toHaveURL('/pages/trust')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trust and figures')
  await expect(page.getByText(/^Counted on /)).toBeVisible()
  // The demo members hold fictional profiles: their share is counted, with what it counts.
  const fictional = page.getByTestId('trust-fictional')
  await expect(fictional.getByRole('heading')).toHaveText('of the profiles you can see are fictional')
  await expect(fictional).toContainText(/\d+(\.\d)?%/)
  await expect(fictional).toContainText(/^.*\d+ of the \d+ profiles visible on LunaDate/)
  for (const id of ['operators', 'money', 'reports', 'verified'])
    await expect(page.getByTestId(`trust-${id}`)).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/trust-1280.png', fullPage: true })

  await context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: E2E_ORIGIN }])
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/pages/trust')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confiance et chiffres')
  await expect(page.getByTestId('trust-fictional').getByRole('heading')).toHaveText(
    'des profils que vous pouvez voir sont fictifs',
  )
  await expectAccessible(page)
  await expectNoHorizontalScroll(page)
})

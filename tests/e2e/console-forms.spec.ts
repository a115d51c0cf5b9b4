import { consoleLogin, expect, test } from './fixtures.ts'
import { E2E_ADMIN } from './staff-account.ts'

// The console's forms on their pages' actions (issue 34), with the scripts: each answers in place.

test('an admin makes a staff account, changes its role with a reason, and disables it', async ({ page }) => {
  await consoleLogin(page, E2E_ADMIN)
  await page.goto('/admin/staff')
  const email = `e2e-made-${Date.now()}@example.com`
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Role', { exact: true }).selectOption('support')
  await page.getByLabel('First password (12+ characters)').fill('made-by-an-admin-password')
  await page.getByRole('button', { name: 'Make the account' }).click()
  await expect(page.getByRole('note').filter({ hasText: 'Account made.' })).toContainText('otpauth://totp/')
  await expect(page.getByLabel('E-mail')).toHaveValue('')
  const row = page.getByTestId('staff-table').getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('no')

  // A change without its reason is refused in words; with it, saved and audited.
  await row.getByLabel(`Role: ${email}`).selectOption('moderator')
  await expect(page.getByRole('alert')).toHaveText(
    'Write the reason the member will read (a sentence at least).',
  )
  await page.getByLabel('Reason (kept in the audit log)').fill('Moves to the moderation team')
  await row.getByLabel(`Role: ${email}`).selectOption('moderator')
  await expect(page.getByRole('status')).toHaveText('Saved.')
  await page.reload()
  await expect(row.getByLabel(`Role: ${email}`)).toHaveValue('moderator')
  await page.getByLabel('Reason (kept in the audit log)').fill('Left the company')
  await row.getByRole('button', { name: 'Disable' }).click()
  await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible()
  await expect(row).toContainText('disabled')
})

test('an admin adds a bundle and a discount code, then takes the bundle off sale and ends the code', async ({
  page,
}) => {
  await consoleLogin(page, E2E_ADMIN)
  await page.goto('/admin/catalog')
  // A currency no site's members pay in: the journeys' prices stay as they are.
  const credits = String(700 + (Date.now() % 200))
  await page.getByLabel('Credits', { exact: true }).fill(credits)
  await page.getByLabel('Currency').selectOption('NZD')
  await page.getByLabel('Price', { exact: true }).fill('77.70')
  await page.getByRole('button', { name: 'Set the price' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved: members see it now.')
  const bundle = page.getByTestId('catalog-bundles').getByRole('row').filter({ hasText: 'NZ$77.70' })
  await expect(bundle).toContainText(credits)
  await bundle.getByRole('button', { name: 'Take off sale' }).click()
  await expect(bundle.getByRole('button', { name: 'Put on sale' })).toBeVisible()

  const code = `E2E-${Date.now()}`
  await page.getByLabel('Code', { exact: true }).fill('no')
  await page.getByRole('button', { name: 'Make the code' }).click()
  await expect(page.getByRole('alert')).toHaveText('Use 3 to 40 letters, digits, - or _.')
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase())
  await page.getByLabel('%').fill('15')
  await page.getByRole('button', { name: 'Make the code' }).click()
  const row = page.getByTestId('catalog-codes').getByRole('row').filter({ hasText: code })
  await expect(row).toContainText('15')
  await row.getByRole('button', { name: 'End now' }).click()
  await expect(row.getByRole('button', { name: 'End now' })).toHaveCount(0)
})

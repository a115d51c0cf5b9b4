import { readFileSync } from 'node:fs'
import { totpCode, totpStep } from '../../server/lib/totp.ts'
import { expect, test } from './fixtures.ts'
import { E2E_NOSCRIPT_MODERATOR, E2E_STAFF_KEYS } from './staff-account.ts'

// The console's forms post to their pages' actions (issue 34): the login's steps and a moderator's
// form work with JavaScript off, each refusal said beside the form.

test('a new moderator enrolls, logs in and adds then removes a sign-up ban, all without JavaScript', async ({
  browser,
}) => {
  const { email, password } = E2E_NOSCRIPT_MODERATOR
  const key = (JSON.parse(readFileSync(E2E_STAFF_KEYS, 'utf8')) as Record<string, string>)[email]
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()

  await page.goto('/admin/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('alert')).toHaveText('Login failed, please try again.')
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Next' }).click()
  // The enrollment step, drawn by the page's loader: it is there again on a reload.
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('totp-secret')).toHaveText(key.replace(/(.{4})/g, '$1 ').trim())
  await page.getByLabel('Code', { exact: true }).fill('000000')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('That code is not right.')
  await page.getByLabel('Code', { exact: true }).fill(totpCode(key, totpStep(new Date())))
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  await page.getByRole('link', { name: /saved them/ }).click()
  await expect(page).toHaveURL(/\/admin$/)

  const value = `banned-${Date.now()}@example.net`
  await page.goto('/admin/bans')
  // An e-mail address given as an address range: refused, with what was typed kept.
  await page.getByLabel('Kind').selectOption('ip')
  await page.getByLabel('Value').fill(value)
  await page.getByLabel('Reason (staff only)').fill('Bulk sign-ups from a spam network')
  await page.getByRole('button', { name: 'Add the ban' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'This is not a valid e-mail address, domain or address range.',
  )
  await expect(page.getByLabel('Value')).toHaveValue(value)
  await expect(page.getByLabel('Reason (staff only)')).toHaveValue('Bulk sign-ups from a spam network')
  await page.getByLabel('Kind').selectOption('email')
  await page.getByRole('button', { name: 'Add the ban' }).click()
  const row = page.getByRole('row').filter({ hasText: value })
  await expect(row).toContainText('Bulk sign-ups from a spam network')
  await row.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByRole('row').filter({ hasText: value })).toHaveCount(0)
  await context.close()
})

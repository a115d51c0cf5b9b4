import { totpCode, totpStep } from '../../server/lib/totp.ts'
import { expect, expectAccessible, newMember, openFromMenu, test } from './fixtures.ts'
import { E2E_FIRST_ADMIN, E2E_STAFF } from './staff-account.ts'

test('the first admin enrolls the authenticator app, logs in with a code and finds it in the audit log', async ({
  page,
}) => {
  await page.goto('/admin')
  await expect(page).toHaveURL('/admin/login')
  await expect(page.getByRole('heading', { name: 'Console login' })).toBeFocused()
  await page.getByLabel('E-mail').fill(E2E_FIRST_ADMIN.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('alert')).toContainText('Login failed')

  await page.getByLabel('Password').fill(E2E_FIRST_ADMIN.password)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeFocused()
  await expect(page.getByRole('img', { name: 'QR code of the enrollment link' }).locator('svg')).toBeVisible()
  await expectAccessible(page)
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')

  await page.getByLabel('Code', { exact: true }).fill('000000')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('alert')).toContainText('That code is not right')
  await page.getByLabel('Code', { exact: true }).fill(totpCode(secret, totpStep(new Date())))
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10)
  const recovery =
    (await page.getByTestId('recovery-codes').getByRole('listitem').first().textContent()) ?? ''

  await page.getByRole('link', { name: /saved them/ }).click()
  await expect(page).toHaveURL('/admin')
  await expect(page.getByTestId('console-staff')).toHaveText(`${E2E_FIRST_ADMIN.email} · admin`)
  await expect(page.getByTestId('queue-photos')).toHaveText(/^\d+$/)
  await expectAccessible(page)

  await openFromMenu(page, 'Audit log')
  await expect(page.getByTestId('audit-table')).toContainText('command line')
  // This admin's own entries (other tests' staff work at the same time).
  await page.goto(`/admin/audit?staff=${encodeURIComponent(E2E_FIRST_ADMIN.email)}`)
  const rows = page.getByTestId('audit-table').getByRole('row')
  await expect(rows.nth(1)).toContainText('staff.login')
  await expect(rows.nth(2)).toContainText('staff.totp_enrolled')
  await page.getByLabel('Staff', { exact: true }).fill('')
  await page.getByLabel('Action').fill('staff.create')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/action=staff\.create/)
  // One row for each account the command line made (admins make others in other tests).
  await expect(rows.filter({ hasText: 'command line' })).toHaveCount(E2E_STAFF.length)
  await expectAccessible(page)

  // Log out, then in again with a recovery code.
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL('/admin/login')
  await page.goto('/admin/audit')
  await expect(page).toHaveURL('/admin/login')
  await page.getByLabel('E-mail').fill(E2E_FIRST_ADMIN.email)
  await page.getByLabel('Password').fill(E2E_FIRST_ADMIN.password)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('heading', { name: 'Code from your app' })).toBeFocused()
  await page.getByLabel('Code', { exact: true }).fill(recovery)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL('/admin')
})

test('a member’s session does not open the console, at 375 px either', async ({ browser }) => {
  const member = await newMember(browser, { name: 'Mira' })
  await member.page.setViewportSize({ width: 375, height: 740 })
  await member.page.goto('/admin')
  await expect(member.page).toHaveURL('/admin/login')
  await expect(member.page.getByLabel('E-mail')).toBeVisible()
  const overflow = await member.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
  expect(overflow).toBe(false)
})

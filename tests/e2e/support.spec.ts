import {
  consoleLogin,
  expect,
  expectAccessible,
  newMember,
  openFromMenu,
  skipEntryWarning,
  test,
} from './fixtures.ts'
import { E2E_SUPPORT } from './staff-account.ts'

test('support finds a member by address, corrects their credits and refunds a purchase, found again on the payments page by address; the member sees both', async ({
  browser,
  page,
}) => {
  const member = await newMember(browser, { name: 'Corentin', gender: 'male' })
  const before = (await (await member.page.request.get('/api/user.php')).json()).user.credits as number

  await consoleLogin(page, E2E_SUPPORT)
  await page.getByRole('link', { name: 'Members' }).click()
  await page.getByLabel('Find a member').fill(member.email)
  await page.keyboard.press('Enter')
  await page
    .getByTestId('member-hits')
    .getByRole('link', { name: /Corentin/ })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Corentin')
  await expect(page.getByTestId('member-email')).toHaveText(member.email)
  await expectAccessible(page)

  await page.getByLabel('Reason (kept in the audit log)').fill('Goodwill: a message failed to send')
  await page.getByLabel('Change (+ or −)').fill('30')
  await page.getByRole('button', { name: 'Correct credits' }).click()
  await expect(page.getByRole('status')).toHaveText(`Credits now: ${before + 30}`)
  await expect(page.getByTestId('member-credits')).toContainText(String(before + 30))
  // The ledger says each line as the member reads it, not its stored reason.
  const ledger = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Balance' }) })
  await expect(ledger.getByRole('row').nth(1)).toContainText('Correction by customer service+30')
  await expect(ledger.getByRole('cell', { name: 'Welcome credits' })).toBeVisible()

  await member.page.goto('/transactions')
  await expect(member.page.getByRole('cell', { name: 'Correction by customer service' })).toBeVisible()

  // The member buys a bundle in the sandbox; support refunds it within the refund days.
  const { packages } = await (await member.page.request.get('/api/credits.php')).json()
  const created = await (
    await member.page.request.post('/api/payment.php', {
      data: { package: packages[0].id, method: 'paypal' },
    })
  ).json()
  await member.page.goto(created.checkout_url)
  await member.page.getByRole('button', { name: 'Pay' }).click()
  await expect(member.page.getByText(/^Payment completed/)).toBeVisible({ timeout: 15_000 })
  await page.reload()
  await page.getByLabel('Reason (kept in the audit log)').fill('Bought by mistake, asked by mail')
  await page.getByRole('button', { name: 'Refund' }).click()
  await expect(page.getByRole('status')).toHaveText(/^Refunded: \d+ credits taken back$/)
  // The payments page finds the member's payments by their address, as its search says it does.
  await openFromMenu(page, 'Payments')
  await page.getByLabel('Payment, provider id, e-mail or #member').fill(member.email.toUpperCase())
  await page.keyboard.press('Enter')
  const rows = page.getByTestId('payments-table').locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Corentin')
  await expect(rows.first()).toContainText(/refunded/i)
  await expectAccessible(page)
  await member.page.goto('/transactions')
  await expect(member.page.getByRole('cell', { name: 'Refunded', exact: true })).toBeVisible()
  await member.context.close()
})

test('a member downloads all their data from their profile, in French: a mailed link to a zip', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Margaux' })
  await member.context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: 'http://localhost:3100' }])
  await member.page.request.put('/api/user.php', { data: { language: 'fr' } })
  await member.page.goto('/profile')
  await member.page.getByRole('button', { name: 'Télécharger mes données' }).click()
  await expect(member.page.getByText('Nous préparons vos données.')).toBeVisible()
  await expectAccessible(member.page)

  // The job prepares it at once (the request kicks it) and mails the link.
  await expect(async () => {
    await member.page.goto('/dev/mailbox')
    await expect(
      member.page
        .locator('article.mail')
        .filter({ hasText: member.email })
        .filter({ hasText: 'Vos données de' }),
    ).toHaveCount(1, { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  const mail = member.page.locator('article.mail').filter({ hasText: 'Vos données de' }).first()
  const href = await mail
    .getByRole('link', { name: /data-export\.php/ })
    .first()
    .getAttribute('href')
  const zip = await member.page.request.get(href ?? '')
  expect(zip.status()).toBe(200)
  expect(zip.headers()['content-type']).toBe('application/zip')
  // A zip file starts with "PK".
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK')

  // The link alone is not enough (issue 36, point 11): another browser logs in first, then gets it.
  const other = await browser.newContext()
  const page = await other.newPage()
  await skipEntryWarning(page)
  await page.goto(href ?? '')
  await expect(page).toHaveURL(/\/login\?next=%2Fapi%2Fdata-export\.php/)
  await page.getByLabel('E-mail address').fill(member.email)
  await page.getByLabel('Password').fill('maple-lantern-52')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Log in' }).click()
  expect((await download).suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/)
  await other.close()
  await member.context.close()
})

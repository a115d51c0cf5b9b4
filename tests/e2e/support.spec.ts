import { consoleLogin, expect, expectAccessible, newMember, test } from './fixtures.ts'
import { E2E_SUPPORT } from './staff-account.ts'

test('support finds a member by address and corrects their credits; the member sees the correction', async ({
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

  await member.page.goto('/transactions')
  await expect(member.page.getByText('Correction by customer service')).toBeVisible()
  await member.context.close()
})

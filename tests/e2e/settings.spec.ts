import { consoleLogin, expect, expectAccessible, newMember, openFromMenu, test } from './fixtures.ts'
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

test('with the reminder at €1, a message to a fictional profile that passes it brings the reminder at once, in the open conversation', async ({
  browser,
  page,
}) => {
  await consoleLogin(page, E2E_ADMIN)
  await openFromMenu(page, 'Settings')
  const field = page.getByLabel('Reminder: spent with fictional profiles')
  const before = await field.inputValue()
  await field.fill('1')
  await page.getByRole('button', { name: 'Save the settings' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved: the site shows the change now.')
  try {
    const member = await newMember(browser, { name: 'Ottilie' })
    let fictional: { id: number } | undefined
    for (let p = 1; p <= 5 && !fictional; p++) {
      const { profiles } = await (await member.page.request.get(`/api/members.php?page=${p}`)).json()
      fictional = profiles.find((x: { fictional: boolean }) => x.fictional)
    }
    if (!fictional) throw new Error('the demo members hold no fictional profile')
    await member.page.goto(`/members/${fictional.id}/chat`)
    const text = member.page.getByLabel('Message', { exact: true })
    // The welcome offer's first message is free: no reminder yet.
    await text.fill('Hello there!')
    await text.press('Enter')
    await expect(member.page.locator('.chat-messages').getByText('Hello there!')).toBeVisible()
    await expect(member.page.getByTestId('fictional-reminder')).toHaveCount(0)
    await expect(member.page).toHaveURL(/\/chats\/\d+$/)
    // The second takes 10 credits (€1.00 before any purchase): the reminder comes, no reload.
    await text.fill('How is your day going?')
    await text.press('Enter')
    const reminder = member.page.getByTestId('fictional-reminder')
    await expect(reminder).toContainText('You have spent €1.00 in conversations with fictional profiles')
    await expectAccessible(member.page)
    await reminder.getByRole('button', { name: 'I understand' }).click()
    await expect(member.page.getByTestId('fictional-reminder')).toHaveCount(0)
    await member.context.close()
  } finally {
    await field.fill(before)
    await page.getByRole('button', { name: 'Save the settings' }).click()
    await expect(page.getByRole('status')).toHaveText('Saved: the site shows the change now.')
  }
})

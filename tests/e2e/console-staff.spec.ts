import {
  consoleLogin,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  test,
} from './fixtures.ts'
import { E2E_ADMIN, E2E_MODERATOR, E2E_OPERATOR } from './staff-account.ts'

// The console, round 3 (issue 39), as staff meet it: readable signals, queue cards that open their
// queue, the keyboard help, a moderator acting on a member found by e-mail (a ban asked twice), a
// page refused with the role it needs, settings in words and the statistics in their box; and one
// address's sign-ups as one row of the signals.

test('a moderator finds a member, warns then bans them from the file; signals read as sentences', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const member = await newMember(browser, { name: 'Rafferty', gender: 'male' })
  const other = await newMember(browser, { name: 'Quinn', gender: 'female' })
  // His opening hands out a phone number: a signal for the moderators.
  const opened = await member.page.request.post('/api/message.php', {
    data: {
      profile: other.profileId,
      text: 'Hi Quinn, text me on +44 7700 900123',
      client_id: `e2e-${Date.now()}`,
    },
  })
  expect(opened.status()).toBe(200)
  await consoleLogin(page, E2E_MODERATOR)

  // The dashboard's cards open their queues; the signals say what they found in words.
  await page.getByRole('link', { name: 'Signals to look at' }).click()
  await expect(page).toHaveURL('/admin/signals')
  const detail = page.getByTestId('signal-detail').filter({ hasText: '+44 7700 900123' })
  await expect(async () => {
    await page.reload()
    await expect(detail).toBeVisible({ timeout: 1000 })
  }).toPass()
  await expect(detail).toHaveText(/^Handed out “\+44 7700 900123” in a first message:\s*Hi Quinn/)
  await expect(page.getByTestId('signal-detail').first()).not.toContainText('{"')

  // `?` lists the page's keys and the console's; Esc closes it.
  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help.getByTestId('page-shortcuts')).toContainText('X dismiss')
  await expect(help).toContainText('? opens this help')
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()

  // Found by e-mail address, as support finds members.
  await page.getByRole('link', { name: 'Members' }).click()
  await page.getByLabel('Find a member').fill(member.email)
  await page.getByRole('button', { name: 'Find', exact: true }).click()
  await page.getByRole('link', { name: /Rafferty/ }).click()
  await expect(page.getByRole('heading', { name: /Rafferty/ })).toBeVisible()
  // A moderator's file has no payments, ledger or mails (support's), and no support actions.
  await expect(page.getByRole('heading', { name: 'Credit ledger' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Correct credits' })).toHaveCount(0)

  const statement = page.getByLabel('Reason the member and the reporter read')
  // Typing never fires a key: `?` in the statement is a question mark.
  await statement.fill('')
  await statement.pressSequentially('Why? Please keep conversations kind.')
  await expect(help).toBeHidden()
  await page.getByRole('button', { name: 'Warn the member' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Case #\d+: Warn/ })).toBeAttached()
  await expect(page.getByTestId('member-report').first()).toContainText('Warn')
  // The case's reason is a label, not its code (issue 56, point 6).
  await expect(page.getByTestId('member-report').first()).toContainText('Opened by a moderator')
  await expectAccessible(page)

  // A ban asks first: refused in words until the box is ticked.
  await page.getByLabel('Ban', { exact: true }).check()
  await statement.fill('Harassment again after a warning.')
  await page.getByRole('button', { name: 'Ban the member' }).click()
  await expect(page.getByRole('alert')).toContainText('Confirm the ban first')
  await page.getByLabel(/Yes, ban Rafferty/).check()
  await page.getByRole('button', { name: 'Ban the member' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^Case #\d+: Ban/ })).toBeAttached()
  await expect(page.getByTestId('member-report').first()).toContainText('Ban')

  // The member was told, with the way to appeal.
  await member.page.goto('/dev/mailbox')
  const mail = member.page.locator('article.mail').filter({ hasText: member.email }).first()
  await expect(mail).toContainText('Harassment again after a warning.')
  await expect(mail).toContainText('We have reviewed your account.')
  await expect(mail).not.toContainText('reported your profile')
  await expect(mail.getByRole('link', { name: /appeal/ }).first()).toBeVisible()
})

test('a page refused to a role says which role it needs, in the console’s layout', async ({ page }) => {
  await consoleLogin(page, E2E_OPERATOR)
  const response = await page.goto('/admin/photos')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible()
  await expect(page.getByTestId('console-forbidden')).toHaveText(
    'This page is for moderator or admin; you are logged in as operator. Ask an admin if your work needs it.',
  )
  await page.getByRole('link', { name: 'Back to the dashboard' }).click()
  await expect(page).toHaveURL('/admin')
})

test('settings say their choices in words; the statistics stay in their box at 1280 px', async ({ page }) => {
  await consoleLogin(page, E2E_ADMIN)
  await page.goto('/admin/settings')
  await expect(page.getByLabel('Search for visitors').locator('option')).toHaveText([
    'Hidden from visitors',
    'Shown to visitors',
  ])
  await expect(page.getByLabel('New photos').locator('option:checked')).toHaveText(
    /Shown at once|Checked before/,
  )
  await page.goto('/admin/statistics')
  await expect(page.getByTestId('stats-table')).toBeVisible()
  await expect(page.getByTestId('safety-rules')).toBeVisible()
  await expectNoHorizontalScroll(page)
})

// Every member these journeys make signs up from this machine's one address: a burst. Its accounts
// are one row, dismissed together, with the address's ban a click away (its form filled in, never
// sent here: a ban of this address would refuse every later journey's sign-up).
test('sign-ups from one address are one row: its accounts to their files, dismissed together, its ban a click away', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  for (const name of ['Ines', 'Jules', 'Kato'])
    await (await newMember(browser, { name, activate: false })).context.close()
  await consoleLogin(page, E2E_MODERATOR)
  await page.goto('/admin/signals')
  const accounts = page.getByRole('list', { name: 'The accounts from this address' })
  const row = page.getByRole('row').filter({ has: accounts })
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('signal-detail')).toContainText(
    /^\d+ accounts signed up from \S+ within a day\./,
  )
  expect(await accounts.getByRole('listitem').count()).toBeGreaterThanOrEqual(2)
  const first = await accounts.getByRole('link').first().getAttribute('href')
  expect(first).toMatch(/^\/admin\/members\/\d+$/)
  // One X for the row; no case for a whole address (each account's file has its actions).
  await expect(row.getByRole('button', { name: 'Open a case' })).toHaveCount(0)
  await expectAccessible(page)
  // On a phone the row's cells stack: its sentence takes the screen's width, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 })
  expect((await row.getByTestId('signal-detail').boundingBox())?.width).toBeGreaterThan(300)
  const sideways = page
    .locator('.table-responsive', { has: row })
    .evaluate((el) => el.scrollWidth - el.clientWidth)
  expect(await sideways).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 720 })

  const ban = row.getByRole('link', { name: 'Ban this address' })
  const address = new URL(`http://x${await ban.getAttribute('href')}`).searchParams.get('value')
  // B on the current row opens the same form (a click on the row makes it current).
  await row.getByRole('cell').first().click()
  await expect(row).toHaveAttribute('aria-current', 'true')
  await page.keyboard.press('b')
  await expect(page).toHaveURL(/\/admin\/bans\?kind=ip/)
  await expect(page.getByLabel('Kind')).toHaveValue('ip')
  await expect(page.getByLabel('Value')).toHaveValue(address ?? 'none')
  await page.goBack()
  // Added from such a link (another address here), the form is empty again for the next ban.
  const other = `198.51.100.${1 + (Date.now() % 250)}`
  await page.goto(`/admin/bans?kind=ip&value=${other}`)
  await page.getByLabel('Reason (staff only)').fill('A click farm behind one address')
  await page.getByRole('button', { name: 'Add the ban' }).click()
  const added = page.getByRole('row').filter({ hasText: other })
  await expect(added).toContainText('A click farm behind one address')
  await expect(page).toHaveURL(/\/admin\/bans$/)
  await expect(page.getByLabel('Value')).toHaveValue('')
  await added.getByRole('button', { name: 'Remove' }).click()
  await expect(added).toHaveCount(0)
  await page.goto('/admin/signals')

  await row.getByRole('button', { name: 'Dismiss all from this address' }).click()
  await expect(page.getByRole('status').filter({ hasText: /^\d+ signals dismissed$/ })).toBeAttached()
  // Gone from the queue's bursts (signups since may make a row of new accounts).
  await expect(accounts.locator(`a[href="${first}"]`)).toHaveCount(0)
})

test('on a phone the audit log and the staff list stack their rows, and the settings fit the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await consoleLogin(page, E2E_ADMIN)
  const framesScroll = () =>
    page
      .locator('.table-responsive')
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth)
  for (const [path, table] of [
    ['/admin/audit', 'audit-table'],
    ['/admin/staff', 'staff-table'],
  ]) {
    await page.goto(path)
    const cell = page.getByTestId(table).getByRole('cell').first()
    await expect(cell).toBeVisible()
    expect(await framesScroll(), path).toBeLessThanOrEqual(0)
    // Its headings are for screen readers; each cell says its column above its value.
    const label = await cell.evaluate((el) => getComputedStyle(el, '::before').content)
    expect(label, path).toMatch(/^"(When \(UTC\)|E-mail)"$/)
    await expectNoHorizontalScroll(page)
  }
  // The pages' menu folds under a button, so the page starts near the top; a page chosen folds it again.
  const menu = page.getByRole('button', { name: 'Menu', exact: true })
  const pages = page.getByRole('navigation').getByRole('link', { name: 'Members', exact: true })
  await expect(pages).toBeHidden()
  expect((await page.getByRole('heading', { level: 1 }).boundingBox())?.y).toBeLessThan(200)
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await page.getByRole('navigation').getByText('Site', { exact: true }).click()
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/settings$/)
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(pages).toBeHidden()
  // The page already open, chosen again, folds it too.
  await menu.click()
  await page.getByRole('navigation').getByText('Site', { exact: true }).click()
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByLabel('Credits per voice note')).toBeVisible()
  await expectNoHorizontalScroll(page)
})

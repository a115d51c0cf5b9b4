import { testJpeg } from '../support/images.ts'
import { consoleLogin, E2E_ORIGIN, expect, newMember, openFromMenu, speaks, test } from './fixtures.ts'
import { E2E_MODERATOR } from './staff-account.ts'

test('shots', async ({ browser }) => {
  test.setTimeout(120_000)
  const joost = await newMember(browser, { name: 'Joost', gender: 'male' })
  await joost.page.request.put('/api/profile.php', {
    data: { country: 'NL', city: 'Utrecht', region_id: null },
  })
  await joost.page.setViewportSize({ width: 1280, height: 800 })
  await joost.page.goto('/swipe-game')
  await joost.page.screenshot({ path: '/tmp/shots/swipe-en-1280.png' })
  await speaks(joost, 'fr', 375)
  await joost.page.goto('/swipe-game')
  await joost.page.screenshot({ path: '/tmp/shots/swipe-fr-375.png', fullPage: true })

  const reported = await newMember(browser, { name: 'Flasher', gender: 'male' })
  const reporter = await newMember(browser, { name: 'Maud' })
  await reported.page.request.post('/api/message.php', {
    data: { profile: reporter.profileId, text: 'Hi Maud, look at this', client_id: `c-${Date.now()}` },
  })
  const sent = await reported.page.request.post('/api/message-photo.php', {
    multipart: {
      profile: String(reporter.profileId),
      client_id: `p-${Date.now()}`,
      text: '',
      photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await testJpeg(300, '#aa3355') },
    },
  })
  const filed = await reporter.page.request.post('/api/profile-report.php', {
    data: {
      profile: reported.profileId,
      reason: 'inappropriate_photo',
      conversation: (await sent.json()).conversation,
      text: 'Unasked photo',
    },
  })
  const id = (await filed.json()).id
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await ctx.newPage()
  await consoleLogin(page, E2E_MODERATOR)
  await page.goto('/admin')
  await openFromMenu(page, 'Reports')
  await page
    .getByTestId('report-item')
    .filter({ hasText: `#${id}` })
    .click()
  await expect(page.getByTestId('report-chat-photo')).toBeVisible()
  await page.screenshot({ path: '/tmp/shots/console-report-en-1280.png', fullPage: true })
  await ctx.addCookies([{ name: 'i18n_redirected', value: 'fr', url: E2E_ORIGIN }])
  await page.setViewportSize({ width: 375, height: 800 })
  await page.reload()
  await page
    .getByTestId('report-item')
    .filter({ hasText: `#${id}` })
    .click()
  await expect(page.getByTestId('report-chat-photo')).toBeVisible()
  await page.getByTestId('report-chat-photo').scrollIntoViewIfNeeded()
  await page.screenshot({ path: '/tmp/shots/console-report-fr-375.png', fullPage: true })
})

import { createHmac, randomBytes } from 'node:crypto'
import { expect, expectAccessible, newMember, skipEntryWarning, test } from './fixtures.ts'

/** A bounce as Mailgun signs it, with the key the E2E server has (playwright.config.ts). */
function mailgunBounce(recipient: string) {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const token = randomBytes(25).toString('hex')
  const signature = createHmac('sha256', 'e2e-mailgun-signing-key')
    .update(timestamp + token)
    .digest('hex')
  return {
    signature: { timestamp, token, signature },
    'event-data': { id: `e2e-${token}`, event: 'failed', severity: 'permanent', recipient },
  }
}

test('a member turns notification mails off and on at /notifications, in French at 375 px', async ({
  browser,
}) => {
  const { page, context } = await newMember(browser, { name: 'Clémence' })
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/notifications')
  const likes = page.getByRole('switch', { name: 'Likes' })
  await expect(likes).toBeChecked()
  await expect(page.getByRole('switch', { name: 'Offers and discounts' })).not.toBeChecked()
  await expectAccessible(page)
  await likes.click()
  await expect(page.getByTestId('notifications-status')).toHaveText('Saved.')
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Likes' })).not.toBeChecked()
  // Keyboard: Space flips the focused switch.
  await page.getByRole('switch', { name: 'Offers and discounts' }).focus()
  await page.keyboard.press('Space')
  await expect(page.getByTestId('notifications-status')).toHaveText('Saved.')
  await expect(page.getByRole('switch', { name: 'Offers and discounts' })).toBeChecked()

  await context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: page.url() }])
  await page.goto('/notifications')
  await expect(page.getByRole('switch', { name: 'Likes' })).not.toBeChecked()
  await expect(page.getByRole('switch', { name: 'Offres et réductions' })).toBeChecked()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
  expect(overflow).toBe(false)
  await context.close()
})

test('after a hard bounce the member sees why no mail comes, and turns mails back on', async ({
  browser,
  request,
}) => {
  const { page, context, email } = await newMember(browser, { name: 'Bérénice' })
  const res = await request.post('/api/mail-events.php', { data: mailgunBounce(email) })
  expect(res.status()).toBe(200)
  await page.goto('/members')
  const alert = page.getByTestId('notifications-disabled')
  await expect(alert).toContainText('Mails to your address came back undelivered.')
  await expectAccessible(page)
  await alert.getByRole('button', { name: 'Send me e-mails again' }).click()
  await expect(alert).toBeHidden()
  await page.reload()
  await expect(page.getByTestId('notifications-disabled')).toBeHidden()
  const settings = await (await page.request.get('/api/notifications.php')).json()
  expect(settings.notifications_disabled).toEqual([])
  await context.close()
})

test('a forged unsubscribe link says so and leads to the settings', async ({ page }) => {
  await skipEntryWarning(page)
  await page.goto('/unsubscribe?token=1.like.AAAAAAAAAAAAAAAAAAAAAAAA')
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid')
  await expectAccessible(page)
  await page.getByRole('link', { name: 'All your notification settings' }).click()
  await expect(page).toHaveURL('/login')
})

test('a member with the site open shows as online now on their page; the push alert, then the photo alert, can be put away', async ({
  browser,
}) => {
  const shown = await newMember(browser, { name: 'Océane' })
  await shown.page.goto('/members')
  const viewer = await newMember(browser, { name: 'Marc', gender: 'male' })
  await viewer.page.goto(`/members/${shown.profileId}`)
  await expect(viewer.page.getByTestId('presence')).toHaveText('Online now')
  const alert = viewer.page.getByTestId('push-alert')
  await expect(alert).toContainText('Know at once when someone writes to you')
  await alert.getByRole('button', { name: 'Not now' }).click()
  await expect(alert).toBeHidden()
  await viewer.page.reload()
  await expect(viewer.page.getByTestId('presence')).toHaveText('Online now')
  await expect(viewer.page.getByTestId('push-alert')).toBeHidden()
  // One banner at a time: with push answered, the next asks for a photo; its dismissal is dated.
  const enrich = viewer.page.getByTestId('enrich-profile-alert')
  await expect(enrich).toContainText('Add a photo to your profile')
  await expect(enrich.getByRole('link', { name: 'Add a photo' })).toHaveAttribute('href', '/profile')
  await enrich.getByRole('button', { name: 'Not now' }).click()
  await expect(enrich).toBeHidden()
  const dismissedAt = await viewer.page.evaluate(() => localStorage.getItem('dismissed-enrich-profile'))
  expect(new Date(dismissedAt ?? '').toISOString()).toBe(dismissedAt)
  await viewer.page.reload()
  await expect(viewer.page.getByTestId('presence')).toHaveText('Online now')
  await expect(enrich).toBeHidden()
  await shown.context.close()
  await viewer.context.close()
})

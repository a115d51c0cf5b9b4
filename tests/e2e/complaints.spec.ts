import { expect, expectAccessible, expectChoicesWhole, skipEntryWarning, test } from './fixtures.ts'

test('a visitor files a complaint and is told its number; no mail goes to the address typed', async ({
  page,
}) => {
  await skipEntryWarning(page)
  await page.goto('/complaints')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Please choose what it is about.')).toBeVisible()
  await page.getByLabel('Your name').fill('Camille')
  await page.getByLabel('Your e-mail address').fill('camille-complaint@example.com')
  await page.getByLabel('What is it about?').selectOption('billing')
  await page.getByLabel('Your message').fill('I bought credits twice by mistake and would like one refunded.')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByRole('status')).toContainText('we will answer at camille-complaint@example.com')
  await expectAccessible(page)
  await page.goto('/dev/mailbox')
  await expect(page.locator('article.mail').filter({ hasText: 'camille-complaint@example.com' })).toHaveCount(
    0,
  )
})

test('"Report this profile" opens the form about that member, in French', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' })
  const page = await context.newPage()
  await skipEntryWarning(page)
  await page.goto('/members/3')
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.split(',')[0] ?? ''
  await page.getByRole('link', { name: 'Signaler ce profil' }).click()
  await expect(page).toHaveURL('/complaints?profile=3')
  await expect(page.getByText(`À propos du profil de ${name}`)).toBeVisible()
  await expect(page.getByLabel('De quoi s’agit-il ?')).toHaveValue('fake_profile')
  // On a phone the form's title opens its card, and every subject shows whole once chosen.
  await page.setViewportSize({ width: 375, height: 740 })
  const form = page.getByRole('form', { name: 'Envoyer une réclamation ou un signalement' })
  const title = await form.getByRole('heading').boundingBox()
  const card = await form.boundingBox()
  expect((title?.y ?? 0) - (card?.y ?? 0)).toBeLessThan(24)
  const subject = form.getByLabel('De quoi s’agit-il ?')
  for (const option of await subject.locator('option').allTextContents()) {
    await subject.selectOption({ label: option })
    await expectChoicesWhole(form.locator('select'))
  }
  await context.close()
})

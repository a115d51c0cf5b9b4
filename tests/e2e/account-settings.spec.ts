import type { Page } from '@playwright/test'
import { dropSession, expect, expectAccessible, skipEntryWarning, test, waitForApp } from './fixtures.ts'

let n = 0
const PASSWORD = 'juniper-canyon-64'

/** Signs up through the API inside the browser context, so the page is logged in. */
async function signupInBrowser(page: Page) {
  const email = `e2e-settings-${Date.now()}-${++n}@example.com`
  const res = await page.request.post('/api/signup.php', {
    data: { email, name: 'Margaux', password: PASSWORD, date_of_birth: '1993-03-21', gender: 'female' },
  })
  expect(res.status()).toBe(201)
  return email
}

async function followMailLink(page: Page, to: string, path: string) {
  const link = page
    .locator('article.mail')
    .filter({ hasText: to })
    .first()
    .getByRole('link')
    .filter({ hasText: path })
  // Some mails are made a moment after the answer (a password reset's): look until it is there.
  await expect(async () => {
    await page.goto('/dev/mailbox')
    await expect(link.first()).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 10_000 })
  await link.first().click()
  await waitForApp(page)
}

test('reset a forgotten password through the mailed link', async ({ page }) => {
  await skipEntryWarning(page)
  const email = await signupInBrowser(page)
  await dropSession(page)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL('/reset-password')
  // An address without an account is answered as one with: nothing tells them apart.
  const sent =
    'If an account uses this address, we have sent it an e-mail with a link. It works once, for 2 hours. Nothing after a few minutes? Check your spam folder and the address you typed.'
  await page.getByLabel('E-mail address').fill('nobody-at-all@example.com')
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status')).toHaveText(sent)
  await page.goto('/reset-password')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status')).toHaveText(sent)
  await expectAccessible(page)

  await followMailLink(page, email, '/reset-password/do')
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('harbour-lights-29')
  await page.getByLabel('Repeat new password').fill('harbour-lights-28')
  await page.getByRole('button', { name: 'Save my new password' }).click()
  await expect(page.getByText('The entered passwords are not the same.')).toBeVisible()
  await page.getByLabel('Repeat new password').fill('harbour-lights-29')
  await page.getByRole('button', { name: 'Save my new password' }).click()
  await expect(page.getByRole('status')).toContainText('Your password has been changed')
  await page.getByRole('link', { name: 'Log in' }).last().click()
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill('harbour-lights-29')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL('/members')
})

// spec: STATE-12
test('change the e-mail address, confirmed from the new address; the old one can take it back', async ({
  page,
}) => {
  await skipEntryWarning(page)
  const oldEmail = await signupInBrowser(page)
  await page.goto('/members')
  await page.getByRole('button', { name: 'Account menu for Margaux' }).click()
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL('/notifications')
  await expectAccessible(page)
  const newEmail = `e2e-new-${Date.now()}@example.com`
  await page.getByLabel('New e-mail address').fill(newEmail)
  await page.locator('#email-password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Send confirmation link' }).click()
  await expect(page.getByText(`We sent a link to ${newEmail}.`)).toBeVisible()
  await followMailLink(page, newEmail, '/mail-change/do')
  await page.getByRole('button', { name: 'Confirm my new address' }).click()
  await expect(page.getByText('Your e-mail address has been changed.')).toBeVisible()
  await page.goto('/notifications')
  await expect(page.getByText(`Your e-mail address is ${newEmail}.`)).toBeVisible()

  // The old address was told, with a link that takes the account back and ends every session.
  await followMailLink(page, oldEmail, '/mail-change/undo')
  await expect(page.getByRole('heading', { name: 'Undo the change of your e-mail address' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Take my address back' }).click()
  await expect(
    page.getByText(
      'Your address is back and every session has ended. We sent you a link to choose a new password.',
    ),
  ).toBeVisible()
  await page.goto('/notifications')
  await expect(page).toHaveURL(/\/login/)
  await followMailLink(page, oldEmail, '/reset-password/do')
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
})

test('change the password in the settings, in French', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' })
  const page = await context.newPage()
  await skipEntryWarning(page)
  await signupInBrowser(page)
  await page.goto('/notifications')
  await page.getByLabel('Mot de passe actuel').fill('pas-le-bon-1')
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('lavande-soleil-88')
  await page.getByLabel('Répétez le nouveau mot de passe').fill('lavande-soleil-88')
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click()
  await expect(page.getByRole('alert')).toHaveText('Veuillez vérifier votre ancien mot de passe.')
  await page.getByLabel('Mot de passe actuel').fill(PASSWORD)
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click()
  await expect(page.locator('form[aria-labelledby="settings-password"]').getByRole('status')).toHaveText(
    'Votre mot de passe a été modifié.',
  )
  await context.close()
})

// spec: STATE-11
test('delete the account and undo it with the mailed link', async ({ page }) => {
  await skipEntryWarning(page)
  const email = await signupInBrowser(page)
  await page.goto('/notifications')
  // The company's delete discount is offered first: a code of the member's own.
  await expect(page.getByRole('heading', { name: 'Before you go: 50% off your next credits' })).toBeVisible()
  await page.getByRole('button', { name: 'Get my discount' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your code, valid until' })).toContainText(
    /STAY50-[0-9A-F]{8}/,
  )
  await expectAccessible(page)
  await page.getByRole('link', { name: 'No thanks, delete my account' }).click()
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page.getByText('Please tell us why you are leaving.')).toBeVisible()
  await page.getByLabel('Why are you leaving?').selectOption('found_someone')
  await page.getByLabel('Anything you want to tell us (optional)').fill('Met someone here, thank you!')
  await page.locator('#delete-password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL('/account-deleted')
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
  await expectAccessible(page)

  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('alert')).toContainText('This account is pending deletion')

  await followMailLink(page, email, '/account-deleted')
  await page.getByRole('button', { name: 'Restore my account' }).click()
  await expect(page.getByRole('status')).toContainText('Welcome back!')
  await page.getByRole('link', { name: 'Log in' }).last().click()
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL('/members')
})

// spec: CALL-3
test("a member's language switch is saved to the account, for the mails", async ({ page }) => {
  await skipEntryWarning(page)
  await signupInBrowser(page)
  await page.goto('/members')
  await page.getByRole('button', { name: 'Language' }).click()
  await page.getByRole('button', { name: 'Français' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rechercher des membres')
  const me = await (
    await page.request.get('/api/user.php', { headers: { 'X-Request-Type': 'client' } })
  ).json()
  expect(me.user.language).toBe('fr')
})

test('a refused password change gives back none of the passwords it was sent', async ({ page }) => {
  await skipEntryWarning(page)
  await signupInBrowser(page)
  await page.goto('/notifications')
  await waitForApp(page)
  // Posted as the page's form without its scripts: the old password is wrong, so the page is served
  // again with the form's refusal and what the member typed, minus every password.
  const refused = await page.request.post('/notifications?intent=password', {
    form: { old_password: 'wrong-orchid-71', password: 'new-basalt-93', password_repeat: 'new-basalt-93' },
    headers: { origin: new URL(page.url()).origin },
  })
  expect(refused.status()).toBe(400)
  const html = await refused.text()
  expect(html).toContain('accounts.old_password_wrong')
  for (const secret of ['wrong-orchid-71', 'new-basalt-93']) expect(html).not.toContain(secret)
})

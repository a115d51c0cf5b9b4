import type { Browser } from '@playwright/test'
import { E2E_ORIGIN, expect, fillDirectDebit, newMember, sandboxBuy, test } from './fixtures.ts'

// The forms with a route action work before the page's scripts arrive, and with JavaScript off
// (issue 34): a plain POST, then a redirect, or the page again with what failed beside the form.

/** A member's cookies but their language: the page's is the one the test chose. */
const loggedIn = <T extends { name: string }>(cookies: T[]) =>
  cookies.filter((c) => c.name !== 'i18n_redirected')

/** A browser without JavaScript, in `locale`, past the site-entry warning. */
async function withoutScripts(browser: Browser, locale: 'en' | 'fr') {
  const context = await browser.newContext({ javaScriptEnabled: false })
  await context.addCookies([
    { name: 'skipped-site-entry-warning', value: '2026-01-01T00:00:00.000Z', url: E2E_ORIGIN },
    { name: 'i18n_redirected', value: locale, url: E2E_ORIGIN },
  ])
  return { context, page: await context.newPage() }
}

test('sign up without JavaScript, in French: each mistake said beside its field, what was typed kept, then logged in', async ({
  browser,
}) => {
  const { context, page } = await withoutScripts(browser, 'fr')
  const email = `sans-script-${Date.now()}@example.com`
  await page.goto('/signup')
  await page.getByLabel('Une femme').check()
  await page.getByLabel('Nom de profil').fill('Élodie')
  await page.getByLabel('Date de naissance').fill('1991-04-12')
  await page.getByLabel('Adresse e-mail').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill('lantern-harbour-37')
  await page.getByLabel('Répétez le mot de passe').fill('lantern-harbour-38')
  await page.getByRole('button', { name: 'Créer mon profil gratuit' }).click()
  await expect(page).toHaveURL(/\/signup$/)
  await expect(page.getByLabel('Répétez le mot de passe')).toHaveAccessibleDescription(
    'Les mots de passe saisis ne sont pas identiques.',
  )
  await expect(page.getByText('Choisissez qui vous cherchez.')).toBeVisible()
  // What was typed is back (the passwords are not).
  await expect(page.getByLabel('Nom de profil')).toHaveValue('Élodie')
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue(email)
  await expect(page.getByLabel('Une femme')).toBeChecked()
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveValue('')
  await page.getByLabel('Des hommes').check()
  await page.getByLabel('Mot de passe', { exact: true }).fill('lantern-harbour-37')
  await page.getByLabel('Répétez le mot de passe').fill('lantern-harbour-37')
  await page.getByRole('button', { name: 'Créer mon profil gratuit' }).click()
  await expect(page).toHaveURL(/\/complete-signup$/)
  expect((await context.cookies()).some((cookie) => cookie.name === 'auth.session')).toBe(true)

  // The sign-up's steps post to their page too: the ages sought, then the place.
  await page.getByRole('link', { name: 'Suivant' }).click()
  await page.getByLabel('À partir de l’âge de').selectOption('40')
  await page.getByLabel('Jusqu’à l’âge de').selectOption('35')
  await page.getByRole('button', { name: 'Suivant' }).click()
  await expect(page.getByRole('alert')).toHaveText('L’âge minimum ne peut pas dépasser l’âge maximum.')
  await page.getByLabel('Jusqu’à l’âge de').selectOption('45')
  await page.getByRole('button', { name: 'Suivant' }).click()
  await expect(page).toHaveURL(/\/complete-signup\?step=1$/)
  await page.getByLabel('Ville').fill('Nantes')
  await page.getByRole('button', { name: 'Suivant' }).click()
  await expect(page).toHaveURL(/\/complete-signup\?step=2$/)
  const saved = (await (await page.request.get('/api/profile.php')).json()).profile
  expect(saved).toMatchObject({ seek_min_age: 40, seek_max_age: 45, city: 'Nantes' })
  await context.close()
})

test('log in without JavaScript: a wrong password is said in French above the form, the right one leads in', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Noor' })
  await member.context.close()
  const { context, page } = await withoutScripts(browser, 'fr')
  await page.goto('/login')
  await page.getByLabel('Adresse e-mail').fill(member.email)
  await page.getByLabel('Mot de passe').fill('not-the-password-1')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('alert')).toHaveText('La connexion a échoué, veuillez réessayer.')
  // What was typed is kept, but the password.
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue(member.email)
  await expect(page.getByLabel('Mot de passe')).toHaveValue('')
  await page.getByLabel('Mot de passe').fill('maple-lantern-52')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/members$/)
  // Logged in: the page is a member's (their account menu), served without a script run.
  expect((await context.cookies()).some((cookie) => cookie.name === 'auth.session')).toBe(true)
  await context.close()
})

test('reset a forgotten password without JavaScript, in French: each mistake said beside its field', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Inès' })
  await member.context.close()
  const { context, page } = await withoutScripts(browser, 'fr')
  await page.goto('/reset-password')
  // An address the form cannot take is said beside its field; any valid one gets the same answer.
  await page.getByLabel('Adresse e-mail').fill('personne-du-tout@example')
  await page.getByRole('button', { name: 'Envoyer le lien' }).click()
  await expect(page.getByLabel('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Adresse e-mail')).toHaveValue('personne-du-tout@example')
  await page.getByLabel('Adresse e-mail').fill(member.email)
  await page.getByRole('button', { name: 'Envoyer le lien' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Si un compte utilise cette adresse, nous lui avons envoyé un e-mail avec un lien. Il fonctionne une fois, pendant 2 heures. Rien après quelques minutes\u202f? Vérifiez vos courriers indésirables et l’adresse saisie.',
  )

  const link = page
    .locator('article.mail')
    .filter({ hasText: member.email })
    .first()
    .getByRole('link')
    .filter({ hasText: '/reset-password/do' })
    .first()
  await expect(async () => {
    await page.goto('/dev/mailbox')
    await expect(link).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 10_000 })
  await link.click()
  await expect(page.getByRole('heading', { name: 'Choisissez un nouveau mot de passe' })).toBeVisible()
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('harbour-lights-29')
  await page.getByLabel('Répétez le nouveau mot de passe').fill('harbour-lights-28')
  await page.getByRole('button', { name: 'Enregistrer mon nouveau mot de passe' }).click()
  // Beside the field it is about, and tied to it for a screen reader.
  const repeat = page.getByLabel('Répétez le nouveau mot de passe')
  await expect(repeat).toHaveAttribute('aria-invalid', 'true')
  await expect(repeat).toHaveAccessibleDescription('Les mots de passe saisis ne sont pas identiques.')
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('harbour-lights-29')
  await repeat.fill('harbour-lights-29')
  await page.getByRole('button', { name: 'Enregistrer mon nouveau mot de passe' }).click()
  await expect(page.getByRole('status')).toContainText('Votre mot de passe a été modifié')

  await page.goto('/login')
  await page.getByLabel('Adresse e-mail').fill(member.email)
  await page.getByLabel('Mot de passe').fill('harbour-lights-29')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/members$/)
  await context.close()
})

test('file a complaint without JavaScript, in French: what is missing is said beside its field, and what was typed stays', async ({
  browser,
}) => {
  const { context, page } = await withoutScripts(browser, 'fr')
  await page.goto('/complaints')
  await page.getByLabel('Votre nom').fill('Camille Martin')
  await page.getByLabel('Votre adresse e-mail').fill('camille-sans-script@example.com')
  await page.getByLabel('Votre message').fill('Trop court')
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click()
  const reason = page.getByLabel(/De quoi s’agit-il/)
  await expect(reason).toHaveAccessibleDescription('Choisissez le sujet de votre message.')
  await expect(page.getByLabel('Votre nom')).toHaveValue('Camille Martin')
  await expect(page.getByLabel('Votre message')).toHaveValue('Trop court')
  await reason.selectOption({ label: 'Du spam ou une arnaque' })
  await page.getByLabel('Votre message').fill('Ce profil m’envoie des liens vers un site de paiement.')
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click()
  await expect(page.getByRole('status')).toContainText(
    'nous vous répondrons à camille-sans-script@example.com',
  )
  await context.close()
})

test('a page’s form is held to the limit of the API call it stands for: the 11th complaint in an hour from one address is refused, in French', async ({
  playwright,
}) => {
  const visitor = await playwright.request.newContext({
    baseURL: E2E_ORIGIN,
    // An address of its own (the server trusts this machine's proxy header): no other test's posts count.
    extraHTTPHeaders: {
      'x-forwarded-for': '203.0.113.58',
      origin: E2E_ORIGIN,
      accept: 'text/html',
      cookie: 'i18n_redirected=fr; skipped-site-entry-warning=2026-01-01T00:00:00.000Z',
    },
  })
  const complain = (n: number) =>
    visitor.post('/complaints', {
      form: {
        name: 'Camille Martin',
        email: `limite-${n}@example.com`,
        reason: 'other',
        message: `Message numéro ${n}, assez long pour être lu.`,
      },
      maxRedirects: 0,
    })
  for (let n = 1; n <= 10; n++) expect((await complain(n)).status(), `complaint ${n}`).toBe(200)
  const refused = await complain(11)
  expect(refused.status()).toBe(429)
  expect(await refused.text()).toContain('Trop de requêtes, patientez un instant puis réessayez.')
  await visitor.dispose()
})

test('change the password and ask to change the e-mail address without JavaScript, in French, each form answering in its own place', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Lucie' })
  const { context, page } = await withoutScripts(browser, 'fr')
  await context.addCookies(loggedIn(await member.context.cookies()))
  await member.context.close()
  await page.goto('/notifications')
  const passwordForm = page.locator('form[aria-labelledby="settings-password"]')
  const emailForm = page.locator('form[aria-labelledby="settings-email"]')
  await page.getByLabel('Mot de passe actuel').fill('pas-le-bon-1')
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('lavande-soleil-88')
  await page.getByLabel('Répétez le nouveau mot de passe').fill('lavande-soleil-88')
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click()
  await expect(passwordForm.getByRole('alert')).toHaveText('Veuillez vérifier votre ancien mot de passe.')
  await expect(emailForm.getByRole('alert')).toHaveCount(0)
  await page.getByLabel('Mot de passe actuel').fill('maple-lantern-52')
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('lavande-soleil-88')
  await page.getByLabel('Répétez le nouveau mot de passe').fill('lavande-soleil-88')
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click()
  await expect(passwordForm.getByRole('status')).toHaveText('Votre mot de passe a été modifié.')

  const newEmail = `nouvelle-${Date.now()}@example.com`
  await page.getByLabel('Nouvelle adresse e-mail').fill(newEmail)
  await page.getByLabel('Mot de passe', { exact: true }).fill('lavande-soleil-88')
  await page.getByRole('button', { name: 'Envoyer le lien de confirmation' }).click()
  await expect(emailForm.getByRole('status')).toContainText(`Nous avons envoyé un lien à ${newEmail}.`)
  await expect(passwordForm.getByRole('status')).toHaveCount(0)
  await context.close()
})

test('edit my profile without JavaScript, in French: a mistake said beside its field with what was typed kept, then saved, interests let go too', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Lucie' })
  const { context, page } = await withoutScripts(browser, 'fr')
  await context.addCookies(loggedIn(await member.context.cookies()))
  await page.goto('/profile')
  await page.getByLabel('Nom de profil').fill('L')
  await page.getByLabel('Ville').fill('Lyon')
  await page.getByLabel('À partir de l’âge de').selectOption('60')
  await page.getByLabel('Jusqu’à l’âge de').selectOption('30')
  await page.getByRole('button', { name: 'Enregistrer mon profil' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByLabel('Nom de profil')).toHaveAccessibleDescription(
    'Votre nom doit comporter au moins 2 caractères.',
  )
  await expect(page.getByText('L’âge minimum ne peut pas dépasser l’âge maximum.')).toBeVisible()
  // What was typed is back, and nothing was saved.
  await expect(page.getByLabel('Nom de profil')).toHaveValue('L')
  await expect(page.getByLabel('Ville')).toHaveValue('Lyon')
  expect((await (await member.page.request.get('/api/profile.php')).json()).profile.name).toBe('Lucie')

  await page.getByLabel('Nom de profil').fill('Lucienne')
  await page.getByLabel('À partir de l’âge de').selectOption('28')
  await page.getByLabel('Jusqu’à l’âge de').selectOption('41')
  const region = page.getByLabel('Région')
  const regionId = await region.locator('option').nth(2).getAttribute('value')
  await region.selectOption(regionId ?? '')
  await page.getByText('Voyages', { exact: true }).click()
  await page.getByText('Cuisine', { exact: true }).click()
  await page.getByLabel('Mode invisible').check()
  await page.getByRole('button', { name: 'Enregistrer mon profil' }).click()
  await expect(page.getByRole('status')).toHaveText('Votre profil a été enregistré.')
  const saved = (await (await member.page.request.get('/api/profile.php')).json()).profile
  expect(saved).toMatchObject({
    name: 'Lucienne',
    city: 'Lyon',
    region_id: Number(regionId),
    seek_min_age: 28,
    seek_max_age: 41,
    invisible: true,
  })
  expect(saved.interests).toHaveLength(2)

  // A chip let go is an interest let go; the switch off is visible again.
  await page.getByText('Voyages', { exact: true }).click()
  await page.getByLabel('Mode invisible').uncheck()
  await page.getByRole('button', { name: 'Enregistrer mon profil' }).click()
  await expect(page.getByRole('status')).toHaveText('Votre profil a été enregistré.')
  const after = (await (await member.page.request.get('/api/profile.php')).json()).profile
  expect(after.interests).toHaveLength(1)
  expect(after.invisible).toBe(false)
  await member.context.close()
  await context.close()
})

test('turn notification mails off and on without JavaScript, in French: the switches are a form with a save button', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Maëlle' })
  const { context, page } = await withoutScripts(browser, 'fr')
  await context.addCookies(loggedIn(await member.context.cookies()))
  await page.goto('/notifications')
  await page.getByRole('switch', { name: 'Likes' }).uncheck()
  await page.getByRole('switch', { name: 'Offres et réductions' }).check()
  await page.getByRole('button', { name: 'Enregistrer mes choix' }).click()
  await expect(page.getByTestId('notifications-status')).toHaveText('Enregistré.')
  await expect(page.getByRole('switch', { name: 'Likes' })).not.toBeChecked()
  await expect(page.getByRole('switch', { name: 'Offres et réductions' })).toBeChecked()
  const saved = await (await member.page.request.get('/api/notifications.php')).json()
  expect(saved.email).toMatchObject({ like: false, promotions: true, new_messages: true })
  // With the scripts the save button is not there: each switch saves itself.
  await member.page.goto('/notifications')
  await expect(member.page.getByRole('switch', { name: 'Likes' })).not.toBeChecked()
  await expect(member.page.getByRole('button', { name: 'Save my choices' })).toHaveCount(0)
  await member.context.close()
  await context.close()
})

test('take the offer to stay, then delete the account with the refund of unused credits and undo it from the mailed link, all without JavaScript, in French', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Sacha' })
  await sandboxBuy(member.page, 100)
  const { context, page } = await withoutScripts(browser, 'fr')
  await context.addCookies(loggedIn(await member.context.cookies()))
  await member.context.close()
  await page.goto('/notifications')
  await page.getByRole('button', { name: 'Obtenir ma réduction' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Votre code, valable jusqu’au' })).toContainText(
    /STAY50-[0-9A-F]{8}/,
  )
  await page.getByRole('link', { name: 'Non merci, supprimer mon compte' }).click()
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click()
  await expect(page.getByLabel('Pourquoi partez-vous ?')).toHaveAccessibleDescription(
    'Dites-nous pourquoi vous partez.',
  )
  await page.getByLabel('Pourquoi partez-vous ?').selectOption('found_someone')
  await page.locator('#delete-password').fill('maple-lantern-52')
  // The 100 credits bought are unused: their refund is offered, ticked, with the amount (ADR 32).
  const refund = page.getByTestId('deletion-refund')
  await expect(refund).toContainText(
    /Vous avez 100 crédits achetés et non utilisés, d’une valeur de \d+,\d\d\u00a0€/,
  )
  await expect(refund.getByRole('checkbox', { name: /Rembourser mes crédits non utilisés/ })).toBeChecked()
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click()
  await expect(page).toHaveURL(/\/account-deleted$/)
  await expect(page.getByRole('heading', { name: 'Votre compte a été supprimé' })).toBeVisible()
  expect((await context.cookies()).some((cookie) => cookie.name === 'auth.session')).toBe(false)

  await page.goto('/dev/mailbox')
  const mail = page.locator('article.mail').filter({ hasText: member.email }).first()
  await expect(mail).toContainText(
    /We are refunding €\d+\.\d\d for the 100 credits you had bought and not used/,
  )
  const link = mail.getByRole('link').filter({ hasText: '/account-deleted' })
  await page.goto((await link.first().getAttribute('href')) ?? '')
  await page.getByRole('button', { name: 'Restaurer mon compte' }).click()
  await expect(page.getByRole('status')).toContainText('Bon retour parmi nous')
  // The refunded credits stay refunded: the balance keeps only the welcome credits.
  const restored = await browser.newContext()
  const login = await restored.request.post(`${E2E_ORIGIN}/api/user.php`, {
    data: { email: member.email, password: 'maple-lantern-52' },
  })
  expect((await login.json()).user.credits).toBeLessThan(100)
  await restored.close()
  await context.close()
})

test('the activation reminder sends the mail again through the settings page’s action', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Inès', activate: false })
  await member.page.goto('/members')
  await member.page.getByRole('button', { name: 'Send again' }).click()
  await expect(member.page.getByText('We sent the e-mail again.')).toBeVisible()
  await member.context.close()
})

test('pay by SEPA direct debit without JavaScript: the account form, then the SMS code’s form, each refusal in place', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Debora' })
  const { context, page } = await withoutScripts(browser, 'en')
  await context.addCookies(loggedIn(await member.context.cookies()))
  await page.goto('/directdebit')
  await fillDirectDebit(page, {
    holder: 'Debora Jansen',
    iban: 'NL91 ABNA 0417 1643 01',
    street: 'Prinsengracht',
    house: '263',
    zip: '1016 GV',
    city: 'Amsterdam',
    phone: '+31 6 8765 4321',
  })
  await page.getByRole('button', { name: 'Send the code' }).click()
  await expect(page.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('City')).toHaveValue('Amsterdam')
  await expect(page.getByRole('radio', { name: /^100 credits for/ })).toBeChecked()
  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00')
  await page.getByRole('button', { name: 'Send the code' }).click()
  await expect(page.getByText(/^We sent a 6-digit code by SMS to •+321\.$/)).toBeVisible()

  const outbox = await member.context.newPage()
  await outbox.goto('/dev/mailbox')
  const sms = outbox.locator('article.sms').filter({ hasText: '+31687654321' }).first()
  const code = (await sms.textContent())?.match(/\b(\d{6}) is your/)?.[1] ?? ''
  expect(code).toMatch(/^\d{6}$/)
  await page.getByLabel('Code from the SMS').fill(code === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: /^Confirm and pay/ }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Code invalid' })).toBeVisible()
  await page.getByLabel('Code from the SMS').fill(code)
  await page.getByRole('button', { name: /^Confirm and pay/ }).click()
  await expect(page).toHaveURL(/\/directdebit\?payment=pay_/)
  await member.context.close()
  await context.close()
})

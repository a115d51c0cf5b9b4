import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  skipEntryWarning,
  test,
  waitForApp,
} from './fixtures.ts'

test.describe('home page', () => {
  // spec: PROD-8
  test('shows the brand and the call to sign up in English', async ({ page }) => {
    await skipEntryWarning(page)
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle('Meet singles near you and start chatting tonight - LunaDate')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Meet singles near you and start chatting tonight',
    )
    await expect(page.getByRole('link', { name: 'Sign up for free' }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
    // Who is on the site: visible members, each leading to their page.
    const members = page.getByRole('list', { name: 'Meet some of our members' }).getByRole('listitem')
    await expect(members).toHaveCount(8)
    await expect(members.first().getByRole('link')).toHaveAttribute('href', /^\/members\/\d+$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    // This server runs in production mode on the sandbox provider and the outbox: a staging site.
    await expect(
      page.getByRole('note').filter({ hasText: 'Test site: payments and e-mails are simulated.' }),
    ).toBeVisible()
    await expectAccessible(page)
  })

  // spec: PROD-8
  test('is in French for a French browser', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' })
    const page = await context.newPage()
    await skipEntryWarning(page)
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Rencontrez des célibataires près de chez vous et discutez dès ce soir',
    )
    await expect(page.getByRole('link', { name: 'Inscription gratuite' }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible()
    await expect(page.getByText('Site de test : paiements et e-mails simulés.')).toBeVisible()
    await expectAccessible(page)
    await context.close()
  })
})

// spec: NAV-7
test('the language menu switches to French and the choice survives a reload', async ({ page, context }) => {
  await skipEntryWarning(page)
  await page.goto('/pages/faq')
  await page.getByRole('button', { name: 'Language' }).click()
  await page.getByRole('button', { name: 'Français' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions fréquentes')
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected')
  expect(cookie?.value).toBe('fr')
  expect(cookie && cookie.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions fréquentes')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
})

// spec: NAV-7
test('the language menu is hidden when only one locale is visible', async ({ browser }) => {
  // A visitor detected in the Netherlands with an English browser: NL offers nl only (not bundled) plus en.
  const context = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': 'NL' } })
  const page = await context.newPage()
  await skipEntryWarning(page)
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Language' })).toHaveCount(0)
  await context.close()
})

// spec: ROUTE-11
test('an unknown page answers 404 with a link home', async ({ page }) => {
  await skipEntryWarning(page)
  const response = await page.goto('/this/does/not/exist')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  await expect(page).toHaveTitle(/This page could not be found - LunaDate/)
  await expectAccessible(page)
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL('/')
  const unknownToken = await page.goto('/no-such-token')
  expect(unknownToken?.status()).toBe(404)
})

// spec: MODAL-1, MODAL-2
test('the site-entry warning shows once, then stays dismissed', async ({ page }) => {
  await page.goto('/')
  const dialog = page.locator('#site-entry-warning')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Adults only (18+)' })).toBeVisible()
  await expectAccessible(page)
  // Not closable by Escape: the visitor has to choose.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'I am 18 or older, enter' }).click()
  await expect(dialog).toBeHidden()
  // The dismissal is a cookie with its time, so the server does not render the warning again (the
  // dialog may close a moment before the cookie is written).
  const stored = async () =>
    (await page.context().cookies()).find((c) => c.name === 'skipped-site-entry-warning')?.value ?? ''
  await expect.poll(async () => Number.isNaN(Date.parse(decodeURIComponent(await stored())))).toBe(false)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await waitForApp(page)
  await expect(page.locator('#site-entry-warning')).toHaveCount(0)
  await page.goto('/pages/terms')
  await waitForApp(page)
  await expect(page.locator('#site-entry-warning')).toHaveCount(0)
})

// spec: NAV-9
test('every footer link resolves to a real page', async ({ page }) => {
  await skipEntryWarning(page)
  await page.goto('/')
  const links = page.getByRole('navigation', { name: 'Legal and help' }).getByRole('link')
  await expect(links).toHaveCount(10)
  const targets = await links.evaluateAll((anchors) =>
    anchors.map((a) => ({ text: a.textContent ?? '', href: a.getAttribute('href') ?? '' })),
  )
  expect(targets.map((t) => t.text)).toEqual([
    'Terms and conditions',
    'Privacy policy',
    'Cookie policy',
    'Ban policy',
    'Pricing',
    'Complaints',
    'Return policy',
    'FAQ',
    'Customer service',
    'Trust and figures',
  ])
  for (const target of targets) {
    const response = await page.goto(target.href)
    expect(response?.status(), target.href).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page).toHaveTitle(/ - LunaDate$/)
    await expectAccessible(page)
  }
})

// spec: CONST-4
test('content pages use the company details and settings', async ({ page }) => {
  await skipEntryWarning(page)
  await page.goto('/pages/terms')
  await expect(page.getByText('Version of March 15, 2024.')).toBeVisible()
  await expect(page.getByText(/Luna Media B\.V\., Keizersgracht 241/).first()).toBeVisible()
  await page.goto('/pages/return-policy')
  await expect(page.getByText('14 days free returns.')).toBeVisible()
  await page.goto('/pages/service')
  await expect(page.getByRole('link', { name: '+31208084410' })).toHaveAttribute('href', 'tel:+31208084410')
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About LunaDate')
})

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } })
  for (const path of [
    '/',
    '/pages/terms',
    '/pages/cookies',
    '/pricing',
    '/complaints',
    '/lang-config',
    '/nope',
    '/landers/alonetonight/eng',
  ]) {
    test(`${path} has no horizontal scroll`, async ({ page }) => {
      await skipEntryWarning(page)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoHorizontalScroll(page)
    })
  }
})

test('/lang-config saves the language and the country', async ({ page, context }) => {
  await skipEntryWarning(page)
  await page.goto('/lang-config?back=/pricing')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Language and country')
  await expectAccessible(page)
  await page.getByLabel('Français').check()
  await page.getByLabel('Country').selectOption('BE')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL('/pricing')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarifs')
  await expect(page.getByTestId('message-cost-here')).toHaveText(
    /^Dans votre pays \(Belgique\), un message coûte de 0,60\s€ à 1,00\s€, selon le pack/,
  )
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]))
  expect(cookies).toMatchObject({ i18n_redirected: 'fr', selected_country: 'BE' })
})

test('/lang-config goes back only to a path of this site (issue 36, point 5: no open redirect)', async ({
  page,
}) => {
  await skipEntryWarning(page)
  for (const back of [
    '/%5Cevil.example/x',
    '//evil.example/x',
    '/%09/evil.example',
    'https://evil.example',
  ]) {
    await page.goto(`/lang-config?back=${back}`)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL('/')
  }
  // A forged form, past the page: the action refuses the address too.
  const res = await page.request.post('/lang-config?intent=language', {
    form: { locale: 'en', back: '/\\evil.example/x' },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  })
  expect(res.headers().location).toBe('/')
})

// spec: STATE-20
test('the language found from the browser is kept in i18n_redirected for 365 days', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' })
  const page = await context.newPage()
  await skipEntryWarning(page)
  await page.goto('/pricing')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tarifs')
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected')
  expect(cookie?.value).toBe('fr')
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(364)
  expect(days).toBeLessThanOrEqual(365)
  await context.close()
})

test('/lang-config keeps a member’s language for their mails, as the menu does', async ({ browser }) => {
  const member = await newMember(browser, { name: 'Margaux' })
  const page = member.page
  await page.goto('/lang-config?back=/members')
  await page.getByLabel('Français').check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL('/members')
  const { user } = await (await page.request.get('/api/user.php')).json()
  expect(user.language).toBe('fr')
  await member.context.close()
})

// spec: MODAL-5
test('a logged-in member who presses "Sign up" on a lander goes to the members; the API makes no second account', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Gijs' })
  const page = member.page
  await page.goto('/landers/gallery/eng')
  await page
    .getByRole('link', { name: /sign up/i })
    .first()
    .click()
  await expect(page).toHaveURL(/\/members$/)
  await expect(page.locator('#signup-modal')).toHaveCount(0)
  const second = await page.request.post('/api/signup.php', {
    data: {
      email: `second-${Date.now()}@example.com`,
      name: 'Gijs',
      password: 'maple-lantern-52',
      date_of_birth: '1989-02-02',
      gender: 'male',
    },
  })
  expect(second.status()).toBe(409)
  expect((await second.json()).error.code).toBe('accounts.logged_in')
  // Still the same member.
  expect((await (await page.request.get('/api/user.php')).json()).user.email).toBe(member.email)
  await member.context.close()
})

import { readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  E2E_ORIGIN,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  skipEntryWarning,
  speaks,
  test,
  waitForApp,
} from './fixtures.ts'

// spec: LAYOUT-5, NAV-11, NAV-13
test('three member landing pages, each its own design, with the Empty layout’s sign-up modal', async ({
  page,
}) => {
  await skipEntryWarning(page)
  const name = (await (await page.request.get('/api/member.php?id=1')).json()).profile.name as string
  const response = await page.goto('/members/1/landing?network=adnet&ref=r7')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle(`${name} - LunaDate`)
  // The portrait: her photo, and nothing the data does not back (no "liked your profile").
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Get to know ${name}`)
  await expect(page.getByRole('img', { name: `Photo of ${name}` })).toBeVisible()
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    // Absolute, from the site's configured origin (PUBLIC_URL here), as social networks need it.
    /^http:\/\/localhost:3100\/media\/demo\/.+\.webp$/,
  )
  // Empty layout: no navigation, no footer; its sign-up modal opens on a desktop.
  await expect(page.getByRole('navigation')).toHaveCount(0)
  const cta = page.getByRole('link', { name: `Sign up for free and chat with ${name}` })
  // The traffic source is kept by the tab (and taken out of the address): the link goes to sign-up.
  await expect(cta).toHaveAttribute('href', /^\/members\/1\/signup/)
  await expectAccessible(page)
  await cta.click()
  await expect(page.locator('#signup-modal')).toBeVisible()
  await expect(page).toHaveURL(/\/members\/1\/landing/)

  // A conversation to open: opening lines to pick.
  await page.goto('/members/1/landing2/eng')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Say hello to ${name}`)
  await page.getByRole('radio').nth(1).check({ force: true })
  await expect(page.getByRole('link', { name: `Sign up and say it to ${name}` })).toBeVisible()
  await expectAccessible(page)

  // A question to answer, in French by its slug.
  await page.goto('/members/1/landing3/fra')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} vous plaît\u202f?`)
  await expect(page.getByRole('link', { name: `Oui, ${name} me plaît\u202f: m’inscrire` })).toBeVisible()
  await page.getByRole('button', { name: `Non, pas ${name}` }).click()
  await expect(page.getByRole('status')).toContainText('Pas de souci')
  await expectAccessible(page)
})

test('a fictional profile carries the fictional icon and warning', async ({ page }) => {
  await skipEntryWarning(page)
  // The demo data makes every 29th member, starting with the 6th, fictional.
  await page.goto('/members/6/landing')
  await expect(page.getByRole('img', { name: 'fictional profile' })).toHaveText('✦')
  await expect(page.getByText(/Profiles marked with ✦ are fictional/)).toBeVisible()
})

test('an unknown member is a 404', async ({ page }) => {
  await skipEntryWarning(page)
  expect((await page.goto('/members/999999/landing'))?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  expect((await page.goto('/members/abc/chat'))?.status()).toBe(404)
})

test('the chat entry page (Chat layout) asks a visitor to log in or sign up', async ({ page }) => {
  await page.goto('/members/2/chat')
  await expect(page.getByText(/Log in or sign up for free to chat with/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
  await expect(page.locator('footer')).toHaveCount(0)
  // Without a known country the Chat layout shows no entry warning: it is limited to NL and DE.
  await waitForApp(page)
  await expect(page.locator('#site-entry-warning')).toHaveCount(0)
  await expectAccessible(page)
})

// spec: LAYOUT-3
test('the Chat layout shows the entry warning to visitors from NL and DE only', async ({ browser }) => {
  for (const [country, shown] of [
    ['NL', true],
    ['DE', true],
    ['FR', false],
  ] as const) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'cf-ipcountry': country } })
    const page = await context.newPage()
    await page.goto('/members/2/chat')
    await expect(page.getByText(/Log in or sign up for free/)).toBeVisible()
    await waitForApp(page)
    await expect(page.locator('#site-entry-warning')).toHaveCount(shown ? 1 : 0)
    await context.close()
  }
})

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } })
  test('member pages have no horizontal scroll', async ({ page }) => {
    await skipEntryWarning(page)
    for (const path of ['/members/1/landing', '/members/1/landing3', '/members/1/chat']) {
      await page.goto(path)
      await expectNoHorizontalScroll(page)
    }
  })
})

// spec: DATA-7
test('on a phone, signing up from a member landing page shows the member beside the form; the line picked waits in the chat', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 760 } })
  const page = await context.newPage()
  await skipEntryWarning(page)
  const name = (await (await page.request.get('/api/member.php?id=1')).json()).profile.name as string
  await page.goto('/members/1/landing2/eng?network=adnet')
  await expectNoHorizontalScroll(page)
  const line = page.locator('.hello-line').first()
  const text = ((await line.textContent()) ?? '').trim()
  await line.click()
  await page.getByRole('link', { name: `Sign up and say it to ${name}` }).click()
  await expect(page).toHaveURL(/\/members\/1\/signup/)
  await expect(page.locator('form.signup-form')).toBeVisible()
  await expect(page.locator('.profile-summary')).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('A man', { exact: true }).check()
  await page.getByLabel('Women', { exact: true }).check()
  await page.getByLabel('Profile name').fill('Linus')
  await page.getByLabel('Date of birth').fill('1988-08-08')
  await page.getByLabel('E-mail address').fill(`e2e-landing-${Date.now()}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill('saffron-meadow-81')
  await page.getByLabel('Repeat password').fill('saffron-meadow-81')
  await page.getByRole('button', { name: 'Create my free profile' }).click()
  await expect(page).toHaveURL(/\/complete-signup/)
  // The line waits in the composer of the chat with her.
  await page.goto('/members/1/chat')
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(text)
  await context.close()
})

// Issue 56, point 4: every page of the member side at 375 px, in both languages, for a member with
// two photos and a long name, talking with another who has a long name too.
for (const locale of ['en', 'fr'] as const) {
  test(`no member page is wider than a 375 px phone (${locale}), with two photos and long names`, async ({
    browser,
  }) => {
    const photo = (n: number) =>
      readFile(path.join(process.cwd(), `node_modules/@vladmandic/face-api/demo/sample${n}.jpg`))
    const me = await newMember(browser, { name: 'Marie-Charlotte-Éléonore', gender: 'female' })
    const other = await newMember(browser, {
      name: locale === 'fr' ? 'Jean-Baptiste-Maximilien' : 'Jean-Christophe-Alexandre',
      gender: 'male',
    })
    await speaks(me, locale, 375)
    for (const n of [1, 3]) {
      const res = await me.page.request.post('/api/photos.php', {
        multipart: { photo: { name: `p${n}.jpg`, mimeType: 'image/jpeg', buffer: await photo(n) } },
      })
      expect(res.status()).toBe(201)
    }
    const sent = await other.page.request.post('/api/message.php', {
      data: {
        profile: me.profileId,
        text: 'Bonjour, comment allez-vous aujourd’hui ?',
        client_id: `sweep-${locale}-${Date.now()}`,
      },
    })
    const conversation = (await sent.json()).conversation
    const pages = [
      '/members',
      `/members/${other.profileId}`,
      `/members/${other.profileId}/chat`,
      '/chats',
      `/chats/${conversation}`,
      '/likes',
      '/likes/sent',
      '/swipe-game',
      '/match-finder',
      '/profile',
      '/verify',
      '/notifications',
      '/credits',
      '/credits/limits',
      '/premium',
      '/transactions',
      '/pricing',
      '/complaints',
      '/pages/trust',
    ]
    const wide: string[] = []
    for (const url of pages) {
      await me.page.goto(url)
      await expect(me.page.locator('html[data-hydrated]')).toHaveCount(1)
      const overflow = await me.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      if (overflow > 0) wide.push(`${url} (+${overflow} px)`)
    }
    expect(wide).toEqual([])
    await me.context.close()
    await other.context.close()
  })
}

test('a member’s region is named in the page’s language: Rhénanie-Palatinat on the French landing page, Rhineland-Palatinate on the English one and on a card', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Regine' })
  const { regions } = await (await member.page.request.get('/api/regions.php?country=DE')).json()
  const region = regions.find((r: { code: string }) => r.code === 'DE-RP')
  const placed = await member.page.request.put('/api/profile.php', {
    data: { country: 'DE', city: 'Trier', region_id: region.id },
  })
  expect(placed.status()).toBe(200)
  for (const [locale, name] of [
    ['fr', 'Rhénanie-Palatinat'],
    ['en', 'Rhineland-Palatinate'],
  ] as const) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await skipEntryWarning(page)
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: E2E_ORIGIN }])
    await page.goto(`/members/${member.profileId}/landing`)
    await expect(page.getByText(`Trier, ${name}`).first()).toBeVisible()
    await expect(page.getByText('Rheinland-Pfalz')).toHaveCount(0)
    await context.close()
  }
  // A card names the region where the member gave no town: her like, on a liker's likes page.
  const liker = await newMember(browser, { name: 'Lukas', gender: 'male' })
  await member.page.request.put('/api/profile.php', {
    data: { country: 'DE', city: null, region_id: region.id },
  })
  const liked = await member.page.request.post('/api/like.php', { data: { profile: liker.profileId } })
  expect(liked.ok()).toBe(true)
  await liker.page.goto('/likes')
  const card = liker.page.locator('.member-card').filter({ hasText: 'Regine' })
  await expect(card).toContainText('Rhineland-Palatinate')
  await member.context.close()
  await liker.context.close()
})

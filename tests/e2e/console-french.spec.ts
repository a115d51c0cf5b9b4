import type { Browser, Page } from '@playwright/test'
import {
  consoleLogin,
  expect,
  expectAccessible,
  expectChoicesWhole,
  expectNoHorizontalScroll,
  newMember,
  openFromMenu,
  test,
} from './fixtures.ts'
import { E2E_FRENCH_ADMIN, E2E_FRENCH_MODERATOR } from './staff-account.ts'
import { expectWordsWhole } from './words-whole.ts'

// The console in French (issue 39, points 1, 3 and 5): a staff member's own choice of language,
// kept on their account whatever the browser says; the menu on one row, grouped; the report queue's
// ban asks to be confirmed, by keyboard, in French.

/** The menu's entries all sit on one row. */
async function menuOnOneRow(page: Page) {
  const tops = await page
    .locator('nav[aria-label="Console"] ul.navbar-nav > li')
    .evaluateAll((items) => [...new Set(items.map((li) => Math.round(li.getBoundingClientRect().top)))])
  expect(tops).toHaveLength(1)
  // The staff member, the language and the log-out sit on that row too.
  const nav = await page.locator('nav[aria-label="Console"]').boundingBox()
  expect(nav?.height ?? 0).toBeLessThan(70)
}

/** Chooses French in the console's header: the page loads again in French. */
async function chooseFrench(page: Page) {
  await page.getByTestId('console-language').click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.getByTestId('console-language')).toHaveText('English')
}

test('a moderator chooses French: her queues, keys, messages and refusals are in French, and stay so at her next login', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const member = await newMember(browser, { name: 'Fripon', gender: 'male' })
  const reporter = await newMember(browser, { name: 'Odile' })
  // His first message hands out a phone number (a signal) and she reports him (a report).
  const opened = await member.page.request.post('/api/message.php', {
    data: {
      profile: reporter.profileId,
      text: 'Salut Odile, écris-moi au +33 6 12 34 56 78',
      client_id: `e2e-${Date.now()}`,
    },
  })
  expect(opened.status()).toBe(200)
  const filed = await reporter.page.request.post('/api/complaints.php', {
    data: {
      name: 'Odile',
      email: reporter.email,
      reason: 'spam_scam',
      message: 'Il me demande de l’argent.',
      profile: member.profileId,
    },
  })
  expect(filed.status()).toBe(201)
  const reportId = (await filed.json()).id

  // Her browser speaks English: the console does too, until she chooses French.
  await consoleLogin(page, E2E_FRENCH_MODERATOR)
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await menuOnOneRow(page)
  await chooseFrench(page)
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible()
  await menuOnOneRow(page)
  await expectAccessible(page)

  // The moderation group opens below its button and closes with Escape.
  const menu = page.getByRole('navigation', { name: 'Console' })
  await menu.getByText('Modération', { exact: true }).click()
  await expect(menu.getByRole('link', { name: 'Bannissements', exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu.getByRole('link', { name: 'Bannissements', exact: true })).toBeHidden()

  // The signal reads as a sentence in French.
  await openFromMenu(page, 'Alertes')
  const signal = page.getByTestId('signal-detail').filter({ hasText: '+33 6 12 34 56 78' })
  await expect(async () => {
    await page.reload()
    await expect(signal).toBeVisible({ timeout: 1000 })
  }).toPass()
  await expect(signal).toHaveText(/^A donné «\s\+33 6 12 34 56 78\s» dans un premier message\s:/)
  // The member's account status in words, in French.
  await expect(page.getByRole('row').filter({ has: signal }).locator('.badge')).toHaveText('actif')

  // The report queue: its keys in French, and a ban that asks to be confirmed, by keyboard.
  await openFromMenu(page, 'Signalements')
  await expect(page.getByRole('heading', { name: 'Signalements', exact: true })).toBeVisible()
  await expect(page.getByText(/Touches\s: J\/K suivant\/précédent/)).toBeVisible()
  const item = page.getByTestId('report-item').filter({ hasText: `#${reportId}` })
  await item.click()
  const detail = page.getByTestId('report-detail')
  await expect(detail).toContainText('Il me demande de l’argent.')
  await expect(detail.getByText('actif', { exact: true })).toBeVisible()
  await detail.getByRole('heading').first().click()
  await page.keyboard.press('b')
  await expect(page.getByRole('radio', { name: /Bannir$/ })).toBeChecked()
  await expect(page.getByLabel('Motif que liront le membre et l’auteur du signalement')).toBeFocused()
  await page.keyboard.type('Demander de l’argent aux membres est interdit.')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByLabel(/Oui, bannir Fripon/)).toBeFocused()
  await expect(
    detail.getByRole('alert').filter({ hasText: /Confirmez d’abord le bannissement/ }),
  ).toBeVisible()
  await expect(item).toHaveCount(1)
  await page.keyboard.press('Space')
  await page.keyboard.press('Control+Enter')
  await expect(item).toHaveCount(0)
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^Signalement ${reportId}\\s: Bannir$`))

  // `?` lists the page's keys in French.
  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Raccourcis clavier' })
  await expect(help.getByTestId('page-shortcuts')).toContainText('B bannir')
  await expect(help).toContainText('Échap la ferme')
  await page.keyboard.press('Escape')

  // A page for another role says which, in French, in the console's frame.
  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { name: 'Pas pour votre rôle' })).toBeVisible()
  await expect(page.getByTestId('console-forbidden')).toContainText(
    'vous êtes connecté(e) en tant que modérateur',
  )

  // The choice is hers: at her next login, from the same English browser, the console is French.
  await page.goto('/admin')
  await page.getByRole('button', { name: 'Se déconnecter' }).click()
  await expect(page.getByRole('heading', { name: 'Console login' })).toBeVisible()
  await consoleLogin(page, E2E_FRENCH_MODERATOR)
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible()
  await member.context.close()
  await reporter.context.close()
})

/** Every console page an admin opens, with its heading in French. */
const PAGES_FR: Array<[string, string | RegExp]> = [
  ['/admin', 'Tableau de bord'],
  ['/admin/photos', 'File des photos'],
  ['/admin/reports', 'Signalements'],
  ['/admin/signals', 'Alertes'],
  ['/admin/verifications', 'Vérifications'],
  ['/admin/bans', 'Interdictions d’inscription'],
  ['/admin/members', 'Membres'],
  ['/admin/payments', 'Paiements'],
  ['/admin/inbox', 'Boîte de réception'],
  ['/admin/fictional', 'Profils fictifs'],
  ['/admin/settings', 'Réglages du site'],
  ['/admin/catalog', 'Forfaits et codes de réduction'],
  ['/admin/content', 'Pages de contenu'],
  ['/admin/staff', 'Équipe'],
  ['/admin/statistics', 'Statistiques'],
  ['/admin/audit', 'Journal d’audit'],
]

/** A member of this country buys the first bundle they are offered, in the sandbox. */
async function purchaseFrom(browser: Browser, name: string, country: string) {
  const buyer = await newMember(browser, { name })
  const placed = await buyer.page.request.put('/api/profile.php', {
    data: { country, city: country === 'GB' ? 'London' : 'Utrecht', region_id: null },
  })
  expect(placed.status()).toBe(200)
  const { packages, currency } = await (await buyer.page.request.get('/api/credits.php')).json()
  const created = await buyer.page.request.post('/api/payment.php', {
    data: { package: packages[0].id, method: 'paypal' },
  })
  await buyer.page.goto((await created.json()).checkout_url)
  await buyer.page.getByRole('button', { name: 'Pay' }).click()
  await expect(buyer.page.getByText(/^Payment completed/)).toBeVisible({ timeout: 15_000 })
  await buyer.context.close()
  return currency as string
}

test('an admin’s menu holds on one row in English and in French, every console page speaks French, and revenue is drawn per currency', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000)
  // Money in two currencies today: a member in the Netherlands (euros), one in Britain (pounds).
  expect(await purchaseFrom(browser, 'Euphemia', 'NL')).toBe('EUR')
  expect(await purchaseFrom(browser, 'Sterling', 'GB')).toBe('GBP')
  await consoleLogin(page, E2E_FRENCH_ADMIN)
  await menuOnOneRow(page)
  // Each currency has its own chart, on its own axis: never one sum or one axis for both.
  await openFromMenu(page, 'Statistics')
  for (const currency of ['EUR', 'GBP']) {
    const chart = page.getByTestId(`revenue-chart-${currency}`)
    await expect(chart.getByRole('img', { name: `Revenue per day in ${currency}` })).toBeVisible()
    await expect(chart.locator('canvas')).toBeVisible()
  }
  await page.screenshot({ path: testInfo.outputPath('console-en-statistics.png'), fullPage: true })
  await chooseFrench(page)
  await expect(
    page.getByTestId('revenue-chart-GBP').getByRole('img', { name: 'Recettes par jour en GBP' }),
  ).toBeVisible()
  await menuOnOneRow(page)
  // Every page is one or two steps away: on the row, or in a group of it.
  for (const [path, heading] of PAGES_FR) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible()
    await expectNoHorizontalScroll(page)
    await expectChoicesWhole(page.locator('main select'))
    await page.screenshot({
      path: testInfo.outputPath(`console-fr${path.replaceAll('/', '-')}.png`),
      fullPage: true,
    })
  }
  // Statuses in words, in French: staff accounts, and members' accounts.
  await page.goto('/admin/staff')
  await expect(page.getByRole('cell', { name: 'actif', exact: true }).first()).toBeVisible()
  await expect(page.getByRole('cell', { name: 'active', exact: true })).toHaveCount(0)
  await page.goto('/admin/members?q=Sterling')
  const sterling = page.getByTestId('member-hits').getByRole('row').filter({ hasText: 'Sterling' })
  await expect(sterling.first().locator('.badge')).toHaveText('actif')
  // Settings' choices in words, in French.
  await openFromMenu(page, 'Réglages')
  await expect(page.getByRole('option', { name: 'Fermé aux nouvelles inscriptions' })).toBeAttached()
  await expect(page.getByRole('option', { name: 'Vérifiées avant d’être visibles' })).toBeAttached()
  await openFromMenu(page, 'Journal d’audit')
  // The audit log reads as changes, not JSON.
  await expect(page.getByTestId('audit-table')).not.toContainText('{"')
  // Each action by its name in French, its code beside it for the filter.
  await expect(page.getByTestId('audit-table').getByText('Connexion', { exact: true }).first()).toBeVisible()
  await expectAccessible(page)
})

test('on a phone, in French: the statistics keep their day in view as the table scrolls, the charts read their days in French, and the gifts’ names are whole', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 375, height: 740 })
  await consoleLogin(page, E2E_FRENCH_ADMIN)
  if ((await page.locator('html').getAttribute('lang')) !== 'fr') await chooseFrench(page)
  await page.goto('/admin/statistics')
  // The chart's legend and axis are the page's (uPlot's own said "Time" and "11/3").
  const chart = page.getByRole('figure').filter({ hasText: 'Visites, inscriptions et achats par jour' })
  const legend = chart.locator('.u-legend')
  await expect(legend).toContainText('Jour')
  await expect(legend).not.toContainText('Time')
  const plot = chart.locator('.u-over')
  await plot.scrollIntoViewIfNeeded()
  const box = await plot.boundingBox()
  if (!box) throw new Error('the chart has no plot')
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2)
  // The last day, as French writes it: "2 déc. 2026".
  await expect(legend.locator('tr').first().locator('td')).toHaveText(/^\d{1,2} [a-zéû]+\.? \d{4}$/)
  // The table scrolls sideways in its box; its first column stays where it was.
  const region = page.getByRole('region', { name: 'Statistiques' })
  const firstDay = page.getByTestId('stats-table').locator('tbody th').first()
  await page.getByTestId('stats-table').locator('thead').scrollIntoViewIfNeeded()
  const before = await firstDay.boundingBox()
  const scrolled = await region.evaluate((el) => {
    el.scrollLeft = el.scrollWidth
    return el.scrollLeft
  })
  expect(scrolled).toBeGreaterThan(300)
  await expect.poll(async () => (await firstDay.boundingBox())?.x).toBe(before?.x)
  await expect(page.getByTestId('stats-table').locator('thead th').last()).toBeInViewport()
  await expectNoHorizontalScroll(page)
  // The gifts' catalogue in the settings: no name broken inside a word ("chocol-ats").
  await page.goto('/admin/settings')
  await expectWordsWhole(page.getByTestId('gift-catalogue').locator('label'))
  await expectNoHorizontalScroll(page)
})

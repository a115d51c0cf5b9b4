import { messageCostWith } from '#common/message-price.ts'
import { discounted, formatMoney } from '#common/money.ts'
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  skipEntryWarning,
  test,
} from './fixtures.ts'

interface Bundle {
  id: number
  credits: number
  amount: number
  currency: string
}

/** A money amount as the page writes it (Intl puts no-break spaces in French). */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')

const screens = [
  { locale: 'en', width: 1280, country: 'FR' },
  { locale: 'fr', width: 375, country: 'GB' },
] as const

for (const screen of screens) {
  test(`every price of a message on /pricing is the one rule (${screen.locale}, ${screen.width} px, ${screen.country})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: screen.width, height: 800 },
      extraHTTPHeaders: { 'cf-ipcountry': screen.country },
    })
    const page = await context.newPage()
    await skipEntryWarning(page)
    await context.addCookies([
      { name: 'i18n_redirected', value: screen.locale, url: 'http://localhost:3100' },
    ])
    const settings = await (await page.request.get('/api/settings.php')).json()
    const offer = (await (await page.request.get('/api/credits.php')).json()) as { packages: Bundle[] }
    const money = (cents: number, currency: string) => plain(formatMoney(cents, currency, screen.locale))
    await page.goto('/pricing')

    // Each bundle of the visitor's currency, and what a message costs with it.
    const rows = page.locator('.bundle-message-costs tbody tr')
    await expect(rows).toHaveCount(offer.packages.length)
    for (const [i, bundle] of offer.packages.entries()) {
      const cells = rows.nth(i).locator('td')
      expect(plain(await cells.nth(0).textContent())).toBe(money(bundle.amount, bundle.currency))
      expect(plain(await cells.nth(1).textContent())).toBe(
        money(messageCostWith(bundle, settings.message_credits), bundle.currency),
      )
    }
    const perMessage = offer.packages.map((b) => messageCostWith(b, settings.message_credits))
    const low = Math.min(...perMessage)
    const high = Math.max(...perMessage)
    const currency = offer.packages[0].currency
    // The visitor's country, and every country served: the lowest is the settings' minimum cost.
    const here = plain(await page.getByTestId('message-cost-here').textContent())
    expect(here).toContain(money(low, currency))
    expect(here).toContain(money(high, currency))
    expect(settings.minimum_message_costs[screen.country]).toEqual({ costs: low, currency })
    for (const country of settings.countries as string[]) {
      const text = plain(
        await page.locator(`.message-costs-by-country [data-country="${country}"]`).textContent(),
      )
      const { costs, currency: its } = settings.minimum_message_costs[country]
      expect(text).toContain(money(costs, its))
    }
    await expectNoHorizontalScroll(page)
    await expectAccessible(page)
    await context.close()
  })
}

// spec: PROD-6
test('a running welcome bonus crosses out every bundle’s price on /credits, per message too', async ({
  browser,
}) => {
  const { page, context } = await newMember(browser, { name: 'Bargain', gender: 'female' })
  const settings = await (await page.request.get('/api/settings.php')).json()
  const offer = (await (await page.request.get('/api/credits.php')).json()) as { packages: Bundle[] }
  const bonus = await (await page.request.get('/api/discountcode.php?welcome=true')).json()
  expect(bonus.value_percentage).toBeGreaterThan(0)
  for (const [locale, width] of [
    ['en', 1280],
    ['fr', 1280],
    ['fr', 375],
  ] as const) {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: page.url() }])
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/credits')
    const money = (cents: number, currency: string) => plain(formatMoney(cents, currency, locale))
    await expect(page.getByTestId('bonus-on-bundles')).toBeVisible()
    const cards = page.locator('.credit-bundles article')
    await expect(cards).toHaveCount(offer.packages.length)
    for (const [i, bundle] of offer.packages.entries()) {
      const card = cards.nth(i)
      const paid = discounted(bundle.amount, bonus.value_percentage)
      expect(plain(await card.locator('del.list-price').textContent())).toContain(
        money(bundle.amount, bundle.currency),
      )
      expect(plain(await card.locator('.discounted-price').textContent())).toContain(
        money(paid, bundle.currency),
      )
      expect(plain(await card.locator('.per-message').textContent())).toContain(
        money(messageCostWith({ ...bundle, amount: paid }, settings.message_credits), bundle.currency),
      )
      // Each price on one line: "44,96 €" in a quarter of the page once broke before its "€".
      for (const price of ['del.list-price', '.discounted-price'])
        expect(await card.locator(price).evaluate((e) => e.getClientRects().length), price).toBe(1)
    }
    await expectNoHorizontalScroll(page)
    await expectAccessible(page)
  }
  // The checkout asks the price the card showed.
  await page.goto('/credits')
  await page.getByRole('link', { name: /^(Choose|Choisir) 100 cr/ }).click()
  await expect(page.getByText(/TIMEBONUS25/)).toBeVisible()
  await context.close()
})

// spec: CONST-11
test('/premium changes layout at 992 px: the offer beside what Premium gives, below it under', async ({
  page,
}) => {
  await skipEntryWarning(page)
  for (const [width, beside] of [
    [991, false],
    [992, true],
  ] as const) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/premium')
    const benefits = await page.locator('.premium-benefits').boundingBox()
    const offer = await page.locator('.premium-offer').boundingBox()
    expect(benefits && offer).toBeTruthy()
    if (!benefits || !offer) return
    // Beside: the offer starts right of the list; under: below it.
    expect(offer.x > benefits.x + benefits.width / 2).toBe(beside)
    expect(offer.y >= benefits.y + benefits.height).toBe(!beside)
  }
})

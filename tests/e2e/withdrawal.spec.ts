import type { Page } from '@playwright/test'
import {
  E2E_ORIGIN,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  sandboxBuy,
  test,
  withoutScripts,
} from './fixtures.ts'

// The withdrawal function (issue 54, point 1; ADR 32): from /transactions, in two steps, with the
// acknowledgement mailed at once; with scripts on a phone in English, and without them in French.

/** The member buys the 250-credit bundle in the sandbox; answers its payment id. */
const buy = async (page: Page) => (await sandboxBuy(page, 250)).payment

/** The mailbox holds a mail to `email` with `subject`. */
async function expectMail(page: Page, email: string, subject: string) {
  await expect(async () => {
    await page.goto('/dev/mailbox')
    await expect(
      page.locator('article.mail').filter({ hasText: email }).filter({ hasText: subject }),
    ).not.toHaveCount(0)
  }).toPass({ timeout: 15_000 })
}

test('a member withdraws from a purchase on a phone, in English: what comes back, one confirmation, the acknowledgement mailed', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { page, context, email } = await newMember(browser, { name: 'Withdrawer' })
  const payment = await buy(page)
  await expectMail(page, email, 'Your receipt')
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/transactions')
  const card = page.getByRole('list', { name: 'Payments' }).getByRole('listitem').filter({ hasText: 'Paid' })
  await card.getByRole('link', { name: 'Withdraw from this purchase' }).click()
  await expect(page).toHaveURL(`/transactions/${payment}/withdraw`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Withdraw from this purchase')
  await expect(page.getByText(/^The purchase: 250 credits for €\d+\.\d\d, paid on /)).toBeVisible()
  await expect(
    page.getByText(/^What comes back: €\d+\.\d\d, for the 250 credits you have not used\./),
  ).toBeVisible()
  await expectAccessible(page)
  await expectNoHorizontalScroll(page)
  // "Keep the purchase" goes back and changes nothing; the confirmation is the one step that acts.
  const balance = (await (await page.request.get('/api/user.php')).json()).user.credits as number
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Withdrawal received')
  await expect(page.getByText(/^€\d+\.\d\d is refunded for 250 credits\./)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Confirm withdrawal' })).toHaveCount(0)
  await expectAccessible(page)
  await expectNoHorizontalScroll(page)
  expect((await (await page.request.get('/api/user.php')).json()).user.credits).toBe(balance - 250)
  await page.goto('/transactions')
  await expect(page.getByRole('list', { name: 'Payments' }).getByText('Refunded')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Withdraw from this purchase' })).toHaveCount(0)
  await expectMail(page, email, 'We have received your withdrawal')
  await context.close()
})

test('a member withdraws without JavaScript, in French: the form posts, the page says it was received', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const buyer = await newMember(browser, { name: 'Rétractée' })
  const payment = await buy(buyer.page)
  const { context, page } = await withoutScripts(browser, buyer.context, 'fr')
  await page.goto('/transactions')
  await page
    .getByRole('row', { name: /Payé/ })
    .getByRole('link', { name: 'Me rétracter de cet achat' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Me rétracter de cet achat')
  await expect(
    page.getByText(/^Ce qui vous est remboursé\u202f: \d+,\d\d\u00a0€, pour les 250 crédits/),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Confirmer la rétractation' }).click()
  await expect(page).toHaveURL(`/transactions/${payment}/withdraw`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rétractation reçue')
  await expect(page.getByText(/^Vous vous êtes rétracté\(e\) de cet achat le /)).toBeVisible()
  // Posted again (a second tab, a back and resubmit): the same withdrawal, nothing more.
  const again = await page.request.post(`/transactions/${payment}/withdraw`, {
    headers: { 'sec-fetch-site': 'same-origin', origin: E2E_ORIGIN },
    form: {},
    maxRedirects: 0,
  })
  expect(again.status()).toBe(302)
  await page.goto('/transactions')
  await expect(page.getByRole('row', { name: /Remboursé/ })).toBeVisible()
  await context.close()
  await buyer.context.close()
})

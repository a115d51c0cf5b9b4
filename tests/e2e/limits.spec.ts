import type { Page } from '@playwright/test'
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  sandboxBuy,
  test,
  withoutScripts,
} from './fixtures.ts'

// Limits a member sets (issue 54, point 4; ADR 32): a monthly limit and a break without scripts in
// French; the check-in after three purchases within an hour, with scripts on a phone in English.

/** The member buys the 100-credit bundle (€9.95) in the sandbox; answers the bundle's id. */
const buy = async (page: Page) => (await sandboxBuy(page, 100)).bundle

test('without JavaScript, in French: a monthly limit refuses the purchase past it, and a break refuses all', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const buyer = await newMember(browser, { name: 'Plafonnée' })
  const bundle = await buy(buyer.page)
  const { context, page } = await withoutScripts(browser, buyer.context, 'fr')
  await page.goto('/credits')
  await expect(page.getByTestId('month-spent')).toContainText('Ce mois-ci, vous avez dépensé 9,95\u00a0€.')
  await page.getByRole('link', { name: 'Plafond de dépenses et pauses' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vos dépenses et vos limites')
  // A wrong amount says so beside the field, in French; nothing is saved.
  await page.getByLabel('Plafond par mois, en EUR').fill('douze')
  await page.getByRole('button', { name: 'Enregistrer le plafond' }).click()
  await expect(page.getByText(/^Saisissez un montant entier de 1 à 100\u202f000/)).toBeVisible()
  await expect(page.getByTestId('limit-now')).toHaveText('Vous n’avez pas fixé de plafond mensuel.')
  await page.getByLabel('Plafond par mois, en EUR').fill('15')
  await page.getByRole('button', { name: 'Enregistrer le plafond' }).click()
  await expect(page.getByText('Votre plafond est enregistré.')).toBeVisible()
  await expect(page.getByTestId('limit-now')).toHaveText(
    'Votre plafond mensuel est de 15,00\u00a0€\u202f: il vous reste 5,05\u00a0€ ce mois-ci.',
  )
  // The server refuses the next bundle, whichever way it is asked for.
  const refused = await page.request.post('/api/payment.php', {
    data: { package: bundle, method: 'paypal' },
    headers: { 'accept-language': 'fr' },
  })
  expect(refused.status()).toBe(409)
  expect((await refused.json()).error).toMatchObject({ code: 'spending.limit_reached' })
  // A higher limit waits 24 hours, and says from when.
  await page.getByLabel('Plafond par mois, en EUR').fill('100')
  await page.getByRole('button', { name: 'Enregistrer le plafond' }).click()
  await expect(page.getByTestId('limit-pending')).toContainText(
    'Votre nouveau plafond de 100,00\u00a0€ s’applique à partir du',
  )
  // A break of a week: the purchase pages say so and offer nothing.
  await page.getByLabel('7 jours').check()
  await page.getByRole('button', { name: 'Commencer la pause' }).click()
  await expect(page.getByText('Votre pause a commencé.')).toBeVisible()
  await expect(page.getByTestId('on-break')).toContainText('Vous faites une pause dans vos achats jusqu’au')
  await page.goto(`/credits/${bundle}/paypal`)
  await expect(page.getByTestId('purchase-break')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Continuer' })).toHaveCount(0)
  // Nor is the discount to stay offered: the settings go straight to the deletion's form, and the
  // page's own form posted anyway is refused as the API refuses it (one handler for both).
  await page.goto('/notifications')
  await expect(page.getByRole('button', { name: 'Supprimer mon compte' })).toBeVisible()
  await expect(page.getByText(/Avant de partir/)).toHaveCount(0)
  const forged = await page.request.post('/notifications?intent=stay', {
    form: { offer: 'stay' },
    headers: { origin: new URL(page.url()).origin },
  })
  expect(forged.status()).toBe(404)
  expect(await forged.text()).toContain('Code introuvable')
  await context.close()
  await buyer.context.close()
})

test('on a phone, in English: three purchases within an hour bring a calm check-in before the fourth', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { page, context } = await newMember(browser, { name: 'Quickbuyer' })
  for (let i = 0; i < 2; i++) await buy(page)
  const bundle = await buy(page)
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto(`/credits/${bundle}`)
  const checkIn = page.getByTestId('check-in')
  await expect(checkIn.getByRole('heading', { name: 'A moment for yourself' })).toBeVisible()
  await expect(checkIn).toContainText('you have made 3 purchases within an hour;')
  await expect(checkIn).toContainText('This month you have spent €29.85.')
  await expect(page.getByRole('radio', { name: 'PayPal' })).toHaveCount(0)
  await expectAccessible(page)
  await expectNoHorizontalScroll(page)
  await page.screenshot({ path: 'test-results/check-in-375.png' })
  // The limit is one tap away; going on is the member's choice, and the server records it.
  await expect(checkIn.getByRole('link', { name: 'Set a monthly limit' })).toHaveAttribute(
    'href',
    '/credits/limits#limit',
  )
  await checkIn.getByRole('link', { name: 'Set a monthly limit' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your spending and limits')
  await expectAccessible(page)
  await expectNoHorizontalScroll(page)
  await page.screenshot({ path: 'test-results/limits-375.png', fullPage: true })
  await page.goBack()
  await checkIn.getByRole('link', { name: 'Continue to the purchase' }).click()
  await page.getByRole('radio', { name: 'PayPal' }).check()
  await expect(page).toHaveURL(`/credits/${bundle}/paypal?checked-in=1`)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await page.getByRole('button', { name: /^Pay €9\.95$/ }).click()
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible({ timeout: 15_000 })
  await context.close()
})

test('during a break, the chat’s out-of-credits alert says until when instead of offering bundles', async ({
  browser,
}) => {
  const bas = await newMember(browser, { name: 'Bastiaan', gender: 'male' })
  const { page, context } = await newMember(browser, { name: 'Resting', gender: 'female' })
  await page.goto('/credits/limits')
  await page.getByLabel('1 day').check()
  await page.getByRole('button', { name: 'Start the break' }).click()
  await expect(page.getByText('Your break has started.')).toBeVisible()
  // The first message is free, the next two take her 20 credits; the fourth finds none.
  await page.goto(`/members/${bas.profileId}/chat`)
  const text = page.getByLabel('Message', { exact: true })
  for (const line of ['Hello Bas!', 'How are you?']) {
    await text.fill(line)
    await text.press('Enter')
    await expect(page.locator('.chat-messages').getByText(line)).toBeVisible()
    // The first message moves the page to the conversation's own address: type after it.
    await expect(page).toHaveURL(/\/chats\/\d+$/)
  }
  // Her last affordable message: the warning says so, with no way to buy during the break.
  await expect(page.getByTestId('chat-cost')).toContainText('not enough for another')
  await expect(page.getByTestId('chat-cost').getByRole('link')).toHaveCount(0)
  await text.fill('Lovely weather today')
  await text.press('Enter')
  await expect(page.locator('.chat-messages').getByText('Lovely weather today')).toBeVisible()
  await text.fill('One more?')
  await text.press('Enter')
  const alert = page.getByRole('alert').filter({ hasText: 'You do not have enough credits' })
  await expect(alert).toContainText('You are taking a break from purchases until')
  await expect(alert.getByRole('link', { name: 'Buy credits' })).toHaveCount(0)
  await expect(alert.getByRole('link', { name: 'Spending limits and breaks' })).toHaveAttribute(
    'href',
    '/credits/limits',
  )
  await context.close()
  await bas.context.close()
})

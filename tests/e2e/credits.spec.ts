import { FREE_VISIBLE_PHOTOS } from '#common/constants.ts'
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  fillDirectDebit,
  newMember,
  test,
} from './fixtures.ts'

// spec: PROD-3, NAV-3, STATE-10, ERR-8
test('a member buys credits in the sandbox and becomes Premium; a failed payment offers another method', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { page, context } = await newMember(browser, { name: 'Buyer', gender: 'female' })
  await page.goto('/members')
  await expect(page.getByRole('link', { name: 'Get Premium' })).toBeVisible()

  // A new member has the welcome time bonus: a countdown ticking each second from about 4 hours.
  const countdown = page.locator('.time-bonus-countdown')
  await expect(countdown).toHaveText(/^3:59:\d\d$/)
  const first = await countdown.textContent()
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3000 })

  // A failed payment first.
  await page.goto('/credits')
  await expect(page.getByText('Best value')).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('link', { name: /^Choose 100 credits for/ }).click()
  await page.getByRole('radio', { name: 'Credit card' }).check()
  await expect(page).toHaveURL(/\/credits\/\d+\/creditcard$/)
  // The time bonus applies by itself; a wrong code is refused, a right one applies.
  await expect(page.getByText(/^TIMEBONUS25: 25% off, .+ instead of .+\.$/)).toBeVisible()
  await page.getByLabel('Discount code').fill('WRONG1')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Code not found')).toBeVisible()
  // The refused code leaves the time bonus applied.
  await expect(page.getByText(/^TIMEBONUS25: 25% off, €7\.46 instead of €9\.95\.$/)).toBeVisible()
  await page.getByLabel('Discount code').fill('timebonus25')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText(/^TIMEBONUS25: 25% off, €7\.46 instead of €9\.95\.$/)).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  const confirm = page.locator('#payment-confirm-modal')
  await expect(confirm.getByText(/You buy 100 credits for .+ with Credit card\./)).toBeVisible()
  await confirm.getByRole('button', { name: /^Pay / }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/tr_/)
  await page.getByRole('button', { name: 'Fail' }).click()
  const failed = page.getByRole('alert').filter({ hasText: 'Payment failed or has been cancelled.' })
  await expect(failed).toBeVisible()
  await expect(failed.getByText('Would you like to try another payment method?')).toBeVisible()
  const failedId = new URL(page.url()).searchParams.get('payment')
  await failed.getByRole('link', { name: 'PayPal' }).click()
  await expect(page).toHaveURL(/\/credits\/\d+\/paypal$/)
  await expect(page.getByRole('radio', { name: 'PayPal' })).toBeChecked()

  // A failed payment has no receipt: no link to one, and its page says where it stands.
  await page.goto('/transactions')
  const row = page.locator('table tbody tr').filter({ hasText: 'Failed' })
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('link', { name: 'Receipt' })).toHaveCount(0)
  await page.goto(`/transactions/${failedId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Failed')
  await expect(page.getByText('There is a receipt for a paid payment only.')).toBeVisible()
  await expectAccessible(page)

  // Then a successful one: pending while the provider processes it, then completed.
  await page.goto('/credits')
  await page.getByRole('link', { name: /^Choose 250 credits for/ }).click()
  await page.getByRole('radio', { name: 'PayPal' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.locator('#payment-confirm-modal').getByRole('button', { name: /^Pay / }).click()
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByText('Payment completed: 250 credits were added to your account.')).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByText('250 credits added')).toBeVisible()
  // Premium now: the navigation shows the credits instead of Get Premium.
  await expect(page.getByRole('link', { name: 'Get Premium' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^\d+ credits$/ })).toBeVisible()
  await expectAccessible(page)
  // A Premium member is not told that a purchase would make them Premium.
  await page.goto('/credits')
  await expect(page.getByTestId('premium-note')).toHaveText(/^You are Premium/)

  // The purchase is in the transactions, with a printable receipt; the failed one has none.
  await page.goto('/transactions')
  await expect(page.getByRole('row', { name: /Failed/ })).toBeVisible()
  await expect(page.getByRole('row', { name: /Failed/ }).getByRole('link', { name: 'Receipt' })).toHaveCount(
    0,
  )
  await expect(page.getByRole('cell', { name: 'Paid' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Credits bought' })).toBeVisible()
  await page.getByRole('row', { name: /Paid/ }).getByRole('link', { name: 'Receipt' }).click()
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible()
  await expect(page.locator('address').getByText('Luna Media B.V.')).toBeVisible()
  await expect(page.getByText('Chamber of Commerce: 81234567')).toBeVisible()
  await expect(page.getByText('VAT number: NL862345678B01')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()
  await expectAccessible(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoHorizontalScroll(page)
  // On a phone the transactions are cards with every field in view, not a table scrolled sideways.
  await page.goto('/transactions')
  const paid = page.getByRole('list', { name: 'Payments' }).getByRole('listitem').filter({ hasText: 'Paid' })
  await expect(paid).toBeVisible()
  await expect(paid.getByRole('link', { name: 'Receipt' })).toBeVisible()
  // The tables are for wider screens.
  await expect(page.locator('table')).toHaveCount(2)
  await expect(page.getByRole('table')).toHaveCount(0)
  await expectAccessible(page)
  await expectNoHorizontalScroll(page)
  await context.close()
})

test('a member pays by SEPA direct debit, confirmed by the code sent by SMS', async ({ browser }) => {
  test.setTimeout(90_000)
  const { page, context } = await newMember(browser, { name: 'Debtor', gender: 'female' })
  await page.goto('/credits')
  await page.getByRole('link', { name: 'Pay by direct debit (SEPA)' }).click()
  await expect(page.getByRole('heading', { name: 'Pay by direct debit' })).toBeVisible()
  // The time bonus applies to a direct debit as to every method, checked again for each bundle.
  await expect(page.getByText(/^TIMEBONUS25: 25% off, €44\.96 instead of €59\.95\.$/)).toBeVisible()
  await fillDirectDebit(page, {
    holder: 'Anna de Vries',
    iban: 'NL91 ABNA 0417 1643 01',
    street: 'Keizersgracht',
    house: '12a',
    zip: '1015 CX',
    city: 'Amsterdam',
    phone: '+31 6 1234 5678',
  })
  await expect(page.getByText(/^TIMEBONUS25: 25% off, €7\.46 instead of €9\.95\.$/)).toBeVisible()
  await page.getByRole('button', { name: 'Send the code' }).click()
  await expect(page.getByText(/^Enter a valid IBAN of a SEPA country/)).toBeVisible()
  await expect(page.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page)
  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00')
  await page.getByRole('button', { name: 'Send the code' }).click()
  await expect(page.getByText(/^We sent a 6-digit code by SMS to •+678\.$/)).toBeVisible()
  await expect(page.getByText(/to debit €7\.46 once/)).toBeVisible()

  // The sandbox SMS gateway keeps the message in the outbox beside the mails.
  const outbox = await context.newPage()
  await outbox.goto('/dev/mailbox')
  const sms = outbox.locator('article.sms').filter({ hasText: '+31612345678' }).first()
  const code = (await sms.textContent())?.match(/\b(\d{6}) is your/)?.[1] ?? ''
  await outbox.close()
  expect(code).toMatch(/^\d{6}$/)

  await page.getByLabel('Code from the SMS').fill(code === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: /^Confirm and pay/ }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Code invalid' })).toBeVisible()
  await page.getByLabel('Code from the SMS').fill(code)
  await page.getByRole('button', { name: 'Confirm and pay €7.46' }).click()
  await expect(page).toHaveURL(/\/directdebit\?payment=pay_/)
  await expect(page.getByText('Payment completed: 100 credits were added to your account.')).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByRole('link', { name: /^\d+ credits$/ })).toBeVisible()
  await expectAccessible(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoHorizontalScroll(page)
  await context.close()
})

// spec: ERR-10
test('a saved card buys the last bundle again in one step; a card that declines asks for details or PayPal', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  for (const card of ['4242', '0341']) {
    const { page, context } = await newMember(browser, { name: `Again${card}`, gender: 'female' })
    await page.goto('/credits/repeat-order')
    await expect(page.getByText(/^You have no saved card yet\./)).toBeVisible()
    await page.goto('/credits')
    await page.getByRole('link', { name: /^Choose 250 credits for/ }).click()
    await page.getByRole('radio', { name: 'Credit card' }).check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.locator('#payment-confirm-modal').getByRole('button', { name: /^Pay / }).click()
    await page.getByRole('radio', { name: new RegExp(card) }).check()
    await page.getByRole('button', { name: 'Pay' }).click()
    await expect(page.getByText('Payment completed: 250 credits were added to your account.')).toBeVisible({
      timeout: 15_000,
    })

    await page.goto('/credits')
    await page.getByRole('link', { name: `Buy 250 credits again with ••••\u00a0${card}` }).click()
    await expect(page.getByText(/^Buy 250 credits for €19\.95 again with your saved card/)).toBeVisible()
    await expectAccessible(page)
    const creditsLink = page.getByRole('link', { name: /^\d+ credits$/ })
    const before = Number.parseInt((await creditsLink.textContent()) ?? '', 10)
    await page.getByRole('button', { name: 'Buy now for €19.95' }).click()
    await expect(page).toHaveURL(/\/credits\/repeat-order\?payment=pay_/)
    if (card === '4242') {
      await expect(page.getByText('Payment completed: 250 credits were added to your account.')).toBeVisible({
        timeout: 15_000,
      })
      await expect(page.getByRole('link', { name: `${before + 250} credits` })).toBeVisible()
    } else {
      const failed = page
        .getByRole('alert')
        .filter({ hasText: 'Recurring credit card failed (enter details manually or use PayPal)' })
      await expect(failed).toBeVisible()
      await expectAccessible(page)
      await failed.getByRole('link', { name: 'PayPal' }).click()
      await expect(page).toHaveURL(/\/credits\/\d+\/paypal$/)
      // The declining card is not offered again.
      await page.goto('/credits')
      await expect(page.locator('.repeat-order-link')).toHaveCount(0)
    }
    await context.close()
  }
})

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4JBGNFTEMLQkASUpNQZrcHIAAAAAASUVORK5CYII=',
  'base64',
)

// spec: PROD-4
test('buying any bundle unlocks all photos of other members', async ({ browser }) => {
  test.setTimeout(90_000)
  // A Premium member (bought through the sandbox) with 5 photos, more than a free member sees.
  const star = await newMember(browser, { name: 'Photogenic', gender: 'female' })
  const { packages } = await (await star.page.request.get('/api/credits.php')).json()
  const created = await (
    await star.page.request.post('/api/payment.php', { data: { package: packages[0].id, method: 'paypal' } })
  ).json()
  await star.page.goto(created.checkout_url)
  await star.page.getByRole('button', { name: 'Pay' }).click()
  await expect(star.page.getByText(/^Payment completed/)).toBeVisible({ timeout: 15_000 })
  for (let i = 0; i < 5; i++) {
    const res = await star.page.request.post('/api/photos.php', {
      multipart: { photo: { name: `p${i}.png`, mimeType: 'image/png', buffer: PNG } },
    })
    expect(res.status()).toBe(201)
  }
  await star.context.close()

  const { page, context } = await newMember(browser, { name: 'Viewer', gender: 'male' })
  await page.goto(`/members/${star.profileId}`)
  const hidden = 5 - FREE_VISIBLE_PHOTOS
  await expect(page.getByRole('link', { name: `Get Premium to see ${hidden} more photos` })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Show photo/ })).toHaveCount(FREE_VISIBLE_PHOTOS)

  await page.goto('/credits')
  await page.getByRole('link', { name: /^Choose 100 credits for/ }).click()
  await page.getByRole('radio', { name: 'PayPal' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.locator('#payment-confirm-modal').getByRole('button', { name: /^Pay / }).click()
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByText('Payment completed: 100 credits were added to your account.')).toBeVisible({
    timeout: 15_000,
  })
  await page.goto(`/members/${star.profileId}`)
  await expect(page.getByRole('button', { name: /^Show photo/ })).toHaveCount(5)
  await expect(page.getByRole('link', { name: /^Get Premium to see/ })).toHaveCount(0)
  await context.close()
})

test('a checkout left by going back costs nothing: the bonus stays, the next checkout takes it, the first shows as cancelled', async ({
  browser,
}) => {
  const { page, context } = await newMember(browser, { name: 'Backtracker', gender: 'female' })
  await page.goto('/credits')
  const bundle = page.getByRole('link', { name: /^Choose 100 credits for/ })
  const offered = await bundle.textContent()
  await bundle.click()
  await page.getByRole('radio', { name: 'PayPal' }).check()
  await expect(page.getByText(/^TIMEBONUS25: 25% off, .+ instead of .+\.$/)).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.locator('#payment-confirm-modal').getByRole('button', { name: /^Pay / }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/tr_/)

  // Back from the payment page, not through the provider's Cancel.
  await page.goBack()
  await expect(page).not.toHaveURL(/\/sandbox\//)
  await page.goto('/credits')
  // The prices and the countdown are those of before: the open checkout holds nothing back.
  await expect(page.getByRole('link', { name: /^Choose 100 credits for/ })).toHaveText(offered ?? '')
  await expect(page.locator('.time-bonus-countdown')).toHaveText(/^3:\d\d:\d\d$/)
  await page.getByRole('link', { name: /^Choose 100 credits for/ }).click()
  await page.getByRole('radio', { name: 'PayPal' }).check()
  await expect(page.getByText(/^TIMEBONUS25: 25% off, .+ instead of .+\.$/)).toBeVisible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.locator('#payment-confirm-modal').getByRole('button', { name: /^Pay / }).click()
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByText('Payment completed: 100 credits were added to your account.')).toBeVisible({
    timeout: 15_000,
  })

  await page.goto('/transactions')
  const rows = page.locator('table tbody tr')
  await expect(rows.filter({ hasText: 'Paid' })).toHaveCount(1)
  await expect(rows.filter({ hasText: 'Cancelled' })).toHaveCount(1)
  await expect(rows.filter({ hasText: 'Awaiting payment' })).toHaveCount(0)
  await context.close()
})

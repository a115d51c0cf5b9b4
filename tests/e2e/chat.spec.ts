import { readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  sandboxBuy,
  speaks,
  test,
} from './fixtures.ts'

// spec: PROD-1, PROD-2, NAV-1
test('two members chat live: messages, typing, read receipts, the unread badge, credits', async ({
  browser,
}) => {
  const anna = await newMember(browser, { name: 'Annika', gender: 'female' })
  const bram = await newMember(browser, { name: 'Bas', gender: 'male' })
  await bram.page.goto('/members')
  await expect(bram.page.getByTestId('messages-badge')).toHaveCount(0)

  // Anna starts the conversation from Bram's page; her opening message is a free welcome message.
  await anna.page.goto(`/members/${bram.profileId}`)
  await anna.page.getByRole('link', { name: 'Send a message' }).click()
  await expect(anna.page).toHaveURL(`/members/${bram.profileId}/chat`)
  await expect(anna.page.getByText('Say hello to Bas!')).toBeVisible()
  await anna.page.getByRole('button', { name: 'Need an opening line?' }).click()
  await expect(anna.page.locator('#icebreaker-modal').getByRole('button').nth(1)).toBeVisible()
  // Escape closes the dialog once it has opened (and taken the focus), as for a keyboard user.
  await expect(anna.page.getByRole('dialog')).toBeFocused()
  await anna.page.keyboard.press('Escape')
  // The modal hands the focus back once it has closed.
  await expect(anna.page.locator('#icebreaker-modal')).toBeHidden()
  const annaText = anna.page.getByLabel('Message', { exact: true })
  // The composer says what the next message costs before it is sent: the first one to Bas is free.
  await expect(anna.page.getByTestId('chat-cost')).toHaveText(
    'Your first message to Bas is free. After it, a message costs 10 credits, €1.00 (you have 20).',
  )
  await annaText.fill('Hello Bas, how are you?')
  await annaText.press('Enter')
  await expect(anna.page).toHaveURL(/\/chats\/\d+$/)
  const conversationUrl = anna.page.url()
  await expect(anna.page.locator('.chat-messages').getByText('Hello Bas, how are you?')).toBeVisible()
  await expect(anna.page.getByTestId('chat-cost')).toHaveText(
    'A message costs 10 credits (€1.00) · you have 20',
  )

  // Bram's badge shows the unread message without a reload, and so does his tab title.
  await expect(bram.page.getByTestId('messages-badge')).toHaveText('1')
  await expect(bram.page).toHaveTitle(/^\(1\) /)
  await bram.page.getByRole('link', { name: /^Messages/ }).click()
  const chatLink = bram.page.getByRole('link', { name: /^Annika\b.*1 unread message/ })
  await expect(chatLink).toBeVisible()
  await expect(bram.page.getByText('Hello Bas, how are you?')).toBeVisible()
  await expectAccessible(bram.page)
  await chatLink.click()
  await expect(bram.page).toHaveURL(conversationUrl.replace(/^https?:\/\/[^/]+/, ''))
  await expect(bram.page.locator('.chat-messages').getByText('Hello Bas, how are you?')).toBeVisible()

  // Reading it shows Anna "Seen" live; Bram's typing shows on Anna's side.
  await expect(anna.page.getByTestId('read-receipt')).toHaveText(/Seen/)
  const bramText = bram.page.getByLabel('Message', { exact: true })
  await bramText.pressSequentially('I am fine', { delay: 30 })
  await expect(anna.page.getByText('Bas is typing…')).toBeVisible()
  await bramText.press('Enter')
  await expect(anna.page.locator('.chat-messages').getByText('I am fine')).toBeVisible()
  await expect(anna.page.getByText('Bas is typing…')).toBeHidden()
  await expectAccessible(bram.page)

  // Anna pays for her next messages (10 credits each from her 20) until an alert offers credits.
  await annaText.fill('Great to hear!')
  await annaText.press('Enter')
  await expect(bram.page.locator('.chat-messages').getByText('Great to hear!')).toBeVisible()
  // With 10 credits left, the next message is the last she can pay: she is told before it goes.
  await expect(anna.page.getByTestId('chat-cost')).toHaveText(
    'After this message you will have 0 credits left, not enough for another. Buy credits',
  )
  await annaText.fill('Shall we meet?')
  await annaText.press('Enter')
  await expect(bram.page.locator('.chat-messages').getByText('Shall we meet?')).toBeVisible()
  await expect(anna.page.getByTestId('chat-cost')).toHaveText(
    'A message costs 10 credits (€1.00) · you have 0',
  )
  // At 0 credits "Buy credits" stands in place of Send (issue 56): Enter says why, and nothing is
  // posted that could only be refused.
  const buyInstead = anna.page.getByTestId('buy-instead')
  await expect(buyInstead).toHaveText('Buy credits')
  await expect(anna.page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0)
  const posted: string[] = []
  anna.page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/'))
      posted.push(request.url())
  })
  await annaText.fill('One more?')
  await annaText.press('Enter')
  const alert = anna.page.getByRole('alert').filter({ hasText: 'You do not have enough credits' })
  await expect(alert).toBeVisible()
  expect(posted).toEqual([])
  const conversationPath = new URL(conversationUrl).pathname
  await expect(alert.getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
    'href',
    `/credits?return=${encodeURIComponent(conversationPath)}`,
  )
  await expect(buyInstead).toHaveAttribute('href', `/credits?return=${encodeURIComponent(conversationPath)}`)
  // The smallest bundle that covers the 10 credits missing, straight to its checkout (ADR 32).
  await expect(alert).toContainText('The smallest bundle that covers it: 100 credits for €9.95.')
  await expect(alert.getByRole('link', { name: 'Buy 100 credits (€9.95)' })).toHaveAttribute(
    'href',
    new RegExp(`^/credits/\\d+\\?return=${encodeURIComponent(conversationPath)}$`),
  )
  await expect(bram.page.locator('.chat-messages').getByText('One more?')).toHaveCount(0)
  // The refused message is not lost: its text is back in the box, ready once credits are bought.
  await expect(annaText).toHaveValue('One more?')

  await bram.page.setViewportSize({ width: 375, height: 700 })
  await expectNoHorizontalScroll(bram.page)
  // The composer stays on screen, below the staging banner this server shows.
  const composer = await bram.page.locator('#chat-text').boundingBox()
  expect((composer?.y ?? 999) + (composer?.height ?? 0)).toBeLessThanOrEqual(700)

  // Anna buys credits from the conversation and comes back to it, not to the search.
  await alert.getByRole('link', { name: 'Buy credits' }).click()
  await anna.page.getByRole('link', { name: /^Choose 100 credits for/ }).click()
  await anna.page.getByRole('radio', { name: 'PayPal' }).check()
  await anna.page.getByRole('button', { name: 'Continue' }).click()
  await anna.page.locator('#payment-confirm-modal').getByRole('button', { name: /^Pay / }).click()
  await anna.page.getByRole('button', { name: 'Pay' }).click()
  const back = anna.page.getByRole('link', { name: 'Back to your conversation' })
  await expect(back).toBeVisible({ timeout: 15_000 })
  await back.click()
  await expect(anna.page).toHaveURL(conversationPath)
  // Her credits are now worth what she paid for them (the time bonus's 25 % off): €7.46 for 100.
  await expect(anna.page.getByTestId('chat-cost')).toHaveText(
    'A message costs 10 credits (€0.75) · you have 100',
  )
  await annaText.fill('One more?')
  await annaText.press('Enter')
  await expect(bram.page.locator('.chat-messages').getByText('One more?')).toBeVisible()
  await anna.context.close()
  await bram.context.close()
})

// spec: STATE-18
test('a member removes a chat; it stays gone after a reload', async ({ browser }) => {
  const carla = await newMember(browser, { name: 'Carla', gender: 'female' })
  const dirk = await newMember(browser, { name: 'Dirk', gender: 'male' })
  // Carla opens with a gift (her free welcome message).
  await carla.page.goto(`/members/${dirk.profileId}`)
  await carla.page.getByRole('link', { name: 'Send a gift' }).click()
  await expect(carla.page).toHaveURL(`/members/${dirk.profileId}/chat?gift=1`)
  await expect(
    carla.page.locator('#gift-picker').getByText('Each gift costs 30 credits (€2.99).'),
  ).toBeVisible()
  await carla.page.locator('#gift-picker').getByRole('button', { name: 'A rose' }).click()
  // A gift asks once more, with its price: this one is her free opening message.
  await expect(carla.page.locator('#gift-picker').getByText('Send A rose to Dirk?')).toBeVisible()
  await carla.page.locator('#gift-picker').getByRole('button', { name: 'Send for free' }).click()
  await expect(carla.page).toHaveURL(/\/chats\/\d+$/)
  await expect(carla.page.getByText('A rose')).toBeVisible()
  await dirk.page.goto('/chats')
  const list = dirk.page.getByRole('list', { name: 'Messages' })
  await expect(list.getByRole('link', { name: /Carla/ })).toBeVisible()
  await expect(list.getByText('A gift')).toBeVisible()
  await expectAccessible(dirk.page)
  await dirk.page.getByRole('button', { name: 'Remove the chat with Carla' }).click()
  await dirk.page.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(dirk.page.getByText('No conversations yet.')).toBeVisible()
  await dirk.page.reload()
  await expect(dirk.page.getByText('No conversations yet.')).toBeVisible()
  await expect(dirk.page.getByTestId('messages-badge')).toHaveCount(0)
  await carla.context.close()
  await dirk.context.close()
})

// spec: STATE-17
test('a chat leaves the list at once; when the server refuses, the error shows and the chats come back', async ({
  browser,
}) => {
  const nina = await newMember(browser, { name: 'Nina', gender: 'female' })
  const olaf = await newMember(browser, { name: 'Olaf', gender: 'male' })
  const sent = await nina.page.request.post('/api/message.php', {
    data: { profile: olaf.profileId, text: 'Hello Olaf', client_id: `rm-${Date.now()}` },
  })
  expect(sent.status()).toBe(200)
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await olaf.page.route('**/api/chat.php', async (route) => {
    if (route.request().method() !== 'DELETE') return route.continue()
    await held
    return route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'chat.busy', message: 'This chat could not be removed just now.' },
      }),
    })
  })
  await olaf.page.goto('/chats')
  const list = olaf.page.getByRole('list', { name: 'Messages' })
  const chat = list.getByRole('link', { name: /Nina/ })
  await expect(chat).toBeVisible()
  await olaf.page.getByRole('button', { name: 'Remove the chat with Nina' }).click()
  await olaf.page.getByRole('button', { name: 'Remove', exact: true }).click()
  // Gone from the page while the server has not answered yet.
  await expect(chat).toHaveCount(0)
  release()
  await expect(olaf.page.getByRole('alert')).toHaveText('This chat could not be removed just now.')
  await expect(chat).toBeVisible()
  await nina.context.close()
  await olaf.context.close()
})

test('a conversation is two panes on a desktop and one on a phone; a gift stays readable', async ({
  browser,
}) => {
  const eva = await newMember(browser, { name: 'Evelien', gender: 'female' })
  const tom = await newMember(browser, { name: 'Tomas', gender: 'male' })
  // Her free opening message is a gift: the picker says it costs nothing this time.
  await eva.page.goto(`/members/${tom.profileId}/chat`)
  await expect(eva.page.getByTestId('chat-cost')).toContainText('Your first message to Tomas is free.')
  await eva.page.getByRole('button', { name: 'Send a gift' }).click()
  await eva.page.locator('#gift-picker').getByRole('button').filter({ hasText: 'A rose' }).click()
  await eva.page.locator('#gift-picker').getByRole('button', { name: 'Send for free' }).click()
  await expect(eva.page).toHaveURL(/\/chats\/\d+$/)
  const path = new URL(eva.page.url()).pathname

  // Desktop: the conversations on the left, the open one marked; the conversation on the right.
  const list = eva.page.getByRole('complementary', { name: 'Messages' })
  await expect(list).toBeVisible()
  await expect(list.getByRole('link', { name: /^Tomas/ })).toHaveAttribute('aria-current', 'page')
  await expect(eva.page.locator('.chat-messages .message-gift')).toContainText('A rose')
  await expectAccessible(eva.page)

  // Phone, in French: the conversation alone, a back arrow to the list.
  await eva.context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: eva.page.url() }])
  await eva.page.setViewportSize({ width: 375, height: 760 })
  await eva.page.goto(path)
  await expect(eva.page.getByRole('complementary', { name: 'Messages' })).toBeHidden()
  await expect(eva.page.locator('.chat-messages .message-gift')).toContainText('Une rose')
  await expect(eva.page.getByTestId('chat-cost')).toContainText('Un message coûte 10 crédits')
  await expectAccessible(eva.page)
  await expectNoHorizontalScroll(eva.page)
  await eva.page.getByRole('link', { name: 'Discussions' }).click()
  await expect(eva.page).toHaveURL('/chats')
  await eva.context.close()
  await tom.context.close()
})

// spec: PROD-1, ROLE-5
test('a gift says its price and waits for a yes; one she cannot pay offers credits in place of Send', async ({
  browser,
}) => {
  const nina = await newMember(browser, { name: 'Nina', gender: 'female' })
  const otto = await newMember(browser, { name: 'Otto', gender: 'male' })
  await nina.page.goto(`/members/${otto.profileId}/chat`)
  const text = nina.page.getByLabel('Message', { exact: true })
  await text.fill('Hello Otto')
  await text.press('Enter')
  await expect(nina.page).toHaveURL(/\/chats\/\d+$/)
  await expect(nina.page.getByTestId('chat-cost')).toHaveText(
    'A message costs 10 credits (€1.00) · you have 20',
  )

  const picker = nina.page.locator('#gift-picker')
  await nina.page.getByRole('button', { name: 'Send a gift' }).click()
  await picker.getByRole('button').filter({ hasText: 'A heart' }).click()
  await expect(picker.getByText('Send A heart to Otto for 30 credits (€2.99)?')).toBeVisible()
  await expect(picker.getByText('You have 20 credits, worth €1.99.')).toBeVisible()
  // Nothing is spent until she says yes: going back shows the gifts again.
  await picker.getByRole('button', { name: 'Choose another' }).click()
  await expect(picker.getByRole('button').filter({ hasText: 'A rose' })).toBeVisible()
  await picker.getByRole('button').filter({ hasText: 'A rose' }).click()
  // Her 20 credits do not pay for it: the offer to buy stands where Send would (issue 56).
  await expect(picker.getByRole('button', { name: 'Send for 30 credits' })).toHaveCount(0)
  const alert = picker.getByRole('alert').filter({ hasText: 'enough credits' })
  await expect(alert).toContainText(
    'You do not have enough credits for this gift. A gift costs 30 credits (€2.99).',
  )
  await expect(alert.getByRole('link', { name: 'Buy credits' })).toBeVisible()
  await expect(nina.page.locator('.chat-messages .message-gift')).toHaveCount(0)
  await expect(nina.page.getByTestId('chat-cost')).toHaveText(
    'A message costs 10 credits (€1.00) · you have 20',
  )
  await nina.context.close()
  await otto.context.close()
})

test('a conversation comes with its times made on the server, in the member’s time zone: no date format while hydrating', async ({
  browser,
}) => {
  // Auckland: 11 to 13 hours from the server's UTC, so a time made in the wrong zone shows.
  const tessa = await newMember(browser, { name: 'Tessa', gender: 'female', timezoneId: 'Pacific/Auckland' })
  const timo = await newMember(browser, { name: 'Timo', gender: 'male' })
  // The site has her zone, as her browser tells it (app/lib/member.tsx).
  const told = await tessa.page.request.put('/api/user.php', { data: { time_zone: 'Pacific/Auckland' } })
  expect(told.status()).toBe(200)
  const sent = await tessa.page.request.post('/api/message.php', {
    data: { profile: timo.profileId, text: 'Kia ora!', client_id: `tz-${Date.now()}` },
  })
  expect(sent.status()).toBe(200)
  const { conversation } = await sent.json()

  // Every Intl date format made before the page is interactive is counted: the page's times, and
  // asking the browser's zone, which it need not since the site's has the browser's offset.
  await tessa.page.addInitScript(() => {
    const counted = window as unknown as { dateFormatsMade: number }
    counted.dateFormatsMade = 0
    const count = () => {
      if (!document.documentElement.dataset.hydrated) counted.dateFormatsMade++
    }
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args) {
        count()
        return new target(...args)
      },
      apply(target, self, args) {
        count()
        return Reflect.apply(target, self, args)
      },
    })
  })
  await tessa.page.goto(`/chats/${conversation}`)
  await expect(tessa.page.locator('html[data-hydrated]')).toHaveCount(1)
  expect(
    await tessa.page.evaluate(() => (window as unknown as { dateFormatsMade: number }).dateFormatsMade),
  ).toBe(0)

  // And the times are those the browser itself shows in Auckland, written as in her country (issue
  // 56: 24-hour in Britain or France, 12-hour in the US): in the message and the list.
  const time = tessa.page.locator('.chat-messages time').first()
  const iso = await time.getAttribute('datetime')
  const country = (await (await tessa.page.request.get('/api/user.php')).json()).user.profile.country
  const local = await tessa.page.evaluate(
    ([at, locale]) =>
      new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(at ?? '')),
    [iso, `en-${country}`] as const,
  )
  await expect(time).toHaveText(local)
  await expect(tessa.page.locator('.chat-pane-list .chat-list')).toContainText(local)
  await tessa.context.close()
  await timo.context.close()

  // A browser whose zone the site does not have tells it, once: the next page asks nothing.
  const rua = await newMember(browser, { name: 'Rua', activate: false, timezoneId: 'America/New_York' })
  const isReport = (r: { url(): string; method(): string }) =>
    r.url().endsWith('/api/user.php') && r.method() === 'PUT'
  const reported = rua.page.waitForRequest(isReport)
  await rua.page.goto('/members')
  expect((await reported).postDataJSON()).toEqual({ time_zone: 'America/New_York' })
  await expect.poll(async () => (await (await reported).response())?.status()).toBe(200)
  let again = false
  rua.page.on('request', (r) => {
    if (isReport(r)) again = true
  })
  await rua.page.goto('/members')
  await expect(rua.page.locator('html[data-hydrated]')).toHaveCount(1)
  await rua.page.waitForLoadState('networkidle')
  expect(again).toBe(false)
  await rua.context.close()
})

test('a chosen photo waits with its price and what the credits are worth; Cancel spends nothing; the extras sit behind "+" on a phone (fr, 375 px)', async ({
  browser,
}) => {
  const lea = await newMember(browser, { name: 'Léa', gender: 'female' })
  const marc = await newMember(browser, { name: 'Marc', gender: 'male' })
  await speaks(lea, 'fr', 375)
  const photo = await readFile(path.join(process.cwd(), 'node_modules/@vladmandic/face-api/demo/sample1.jpg'))

  // Her first message is free; the photo after it is paid.
  await lea.page.goto(`/members/${marc.profileId}/chat`)
  const text = lea.page.getByLabel('Message', { exact: true })
  await text.fill('Bonjour Marc')
  await text.press('Enter')
  await expect(lea.page).toHaveURL(/\/chats\/\d+$/)
  await expect(lea.page.getByTestId('chat-cost')).toContainText('vous en avez 20')

  // On a phone the gift and the photo are behind one "+", each with its price; the text keeps the row.
  await expect(lea.page.getByRole('button', { name: 'Envoyer une photo' })).toBeHidden()
  const textBox = await text.boundingBox()
  expect(textBox?.width ?? 0).toBeGreaterThan(200)
  await expectNoHorizontalScroll(lea.page)
  const more = lea.page.getByRole('button', { name: 'Cadeaux et photos' })
  await more.click()
  await expect(more).toHaveAttribute('aria-expanded', 'true')
  const menu = lea.page.locator('#composer-extras')
  await expect(menu.getByRole('button', { name: /Envoyer un cadeau/ })).toContainText(
    /30 crédits \(2,99\s€\)/,
  )
  await expect(menu.getByRole('button', { name: /Envoyer une photo/ })).toContainText(
    /20 crédits \(1,99\s€\)/,
  )
  await lea.page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await more.click()
  const chooser = lea.page.waitForEvent('filechooser')
  await menu.getByRole('button', { name: /Envoyer une photo/ }).click()
  await (await chooser).setFiles({ name: 'moi.jpg', mimeType: 'image/jpeg', buffer: photo })

  // The photo waits with its price and her credits' worth; Cancel sends nothing.
  const preview = lea.page.getByRole('dialog', { name: 'Envoyer cette photo ?' })
  await expect(preview.getByRole('img', { name: 'La photo que vous avez choisie' })).toBeVisible()
  await expect(preview.getByTestId('photo-price')).toHaveText(
    /^Envoyer cette photo à Marc pour 20 crédits \(1,99\s€\)\.$/,
  )
  await expect(preview.getByTestId('photo-balance')).toHaveText(
    /^Vous avez 20 crédits, d’une valeur de 1,99\s€\.$/,
  )
  await expectAccessible(lea.page)
  await preview.getByRole('button', { name: 'Annuler' }).click()
  await expect(preview).toBeHidden()
  await expect(lea.page.locator('.chat-messages img.message-photo')).toHaveCount(0)
  await expect(lea.page.getByTestId('chat-cost')).toContainText('vous en avez 20')

  // Sent, it costs what the preview said.
  await lea.page
    .locator('#chat-photo-input')
    .setInputFiles({ name: 'moi.jpg', mimeType: 'image/jpeg', buffer: photo })
  await preview.getByRole('button', { name: 'Envoyer pour 20 crédits' }).click()
  await expect(lea.page.locator('.chat-messages img.message-photo')).toBeVisible()
  await expect(lea.page.getByTestId('chat-cost')).toContainText('vous en avez 0')

  // With no credits left, the preview offers credits where Send was.
  await lea.page
    .locator('#chat-photo-input')
    .setInputFiles({ name: 'moi.jpg', mimeType: 'image/jpeg', buffer: photo })
  await expect(preview.getByRole('button', { name: /^Envoyer pour/ })).toHaveCount(0)
  await expect(preview.getByRole('alert')).toContainText('Vous n’avez pas assez de crédits')
  await expect(preview.getByRole('link', { name: 'Acheter des crédits' })).toBeVisible()
  await lea.context.close()
  await marc.context.close()
})

test('older messages load as the member scrolls up, above the place they were reading', async ({
  browser,
}) => {
  const ria = await newMember(browser, { name: 'Ria', gender: 'female' })
  const sem = await newMember(browser, { name: 'Sem', gender: 'male' })
  await sandboxBuy(ria.page, 500)
  // More than a page (30): the conversation's page shows the latest, the rest comes on scrolling.
  let conversation = 0
  for (let i = 1; i <= 34; i++) {
    const sent = await ria.page.request.post('/api/message.php', {
      data: {
        ...(conversation ? { conversation } : { profile: sem.profileId }),
        text: `Note number ${i}`,
        client_id: `older-${Date.now()}-${i}`,
      },
    })
    expect(sent.status()).toBe(200)
    conversation = (await sent.json()).conversation
  }
  const page = sem.page
  const pages: string[] = []
  // Counted when asked for: a finished request's event can reach the test after the page drew it.
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/member-data/messages')) pages.push(request.url())
  })
  await page.goto(`/chats/${conversation}`)
  const list = page.locator('.chat-messages')
  await expect(list.getByText('Note number 34', { exact: true })).toBeVisible()
  await expect(list.getByText('Note number 4', { exact: true })).toHaveCount(0)
  await list.evaluate((el) => {
    el.scrollTop = 0
  })
  await expect(list.getByText('Note number 1', { exact: true })).toBeAttached()
  // One page, through the conversation's fetcher; the reader's place stays where it was.
  expect(pages).toHaveLength(1)
  await expect(list.getByText('Note number 5', { exact: true })).toBeInViewport()
  await expect(list.getByText('Note number 1', { exact: true })).not.toBeInViewport()
  await ria.context.close()
  await sem.context.close()
})

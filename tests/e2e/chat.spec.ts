import { expect, expectAccessible, expectNoHorizontalScroll, newMember, test } from './fixtures.ts'

test('two members chat live: messages, typing, read receipts, the unread badge, credits', async ({
  browser,
}) => {
  // Two members' whole conversation and a purchase in one journey: longer than one page's 30 s.
  test.setTimeout(60_000)
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
    'Your first message to Bas is free. After it, a message costs 10 credits (you have 20).',
  )
  await annaText.fill('Hello Bas, how are you?')
  await annaText.press('Enter')
  await expect(anna.page).toHaveURL(/\/chats\/\d+$/)
  const conversationUrl = anna.page.url()
  await expect(anna.page.locator('.chat-messages').getByText('Hello Bas, how are you?')).toBeVisible()
  await expect(anna.page.getByTestId('chat-cost')).toHaveText('A message costs 10 credits · you have 20')

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
  await expect(anna.page.getByTestId('chat-cost')).toHaveText('A message costs 10 credits · you have 0')
  await annaText.fill('One more?')
  await annaText.press('Enter')
  const alert = anna.page.getByRole('alert').filter({ hasText: 'You do not have enough credits' })
  await expect(alert).toBeVisible()
  const conversationPath = new URL(conversationUrl).pathname
  await expect(alert.getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
    'href',
    `/credits?return=${encodeURIComponent(conversationPath)}`,
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
  await expect(anna.page.getByTestId('chat-cost')).toHaveText('A message costs 10 credits · you have 100')
  await annaText.fill('One more?')
  await annaText.press('Enter')
  await expect(bram.page.locator('.chat-messages').getByText('One more?')).toBeVisible()
  await anna.context.close()
  await bram.context.close()
})

test('a member removes a chat; it stays gone after a reload', async ({ browser }) => {
  const carla = await newMember(browser, { name: 'Carla', gender: 'female' })
  const dirk = await newMember(browser, { name: 'Dirk', gender: 'male' })
  // Carla opens with a gift (her free welcome message).
  await carla.page.goto(`/members/${dirk.profileId}`)
  await carla.page.getByRole('link', { name: 'Send a gift' }).click()
  await expect(carla.page).toHaveURL(`/members/${dirk.profileId}/chat?gift=1`)
  await expect(carla.page.locator('#gift-picker').getByText('Each gift costs 30 credits.')).toBeVisible()
  await carla.page.locator('#gift-picker').getByRole('button', { name: 'A rose' }).click()
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

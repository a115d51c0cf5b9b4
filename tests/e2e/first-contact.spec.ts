import { E2E_ORIGIN, expect, newMember, test, waitForApp } from './fixtures.ts'

const WORDS = {
  en: {
    message: 'Message',
    empty: 'Say hello to',
    typing: 'is typing…',
    online: 'Online now',
    today: 'Active today',
    seen: /Seen/,
    youSaid: 'You: How are you?',
    paneEmpty: 'Your conversations will be listed here.',
  },
  fr: {
    message: 'Message',
    empty: 'Dites bonjour à',
    typing: 'est en train d’écrire…',
    online: 'En ligne',
    today: 'Actif aujourd’hui',
    seen: /Vu/,
    // French puts a no-break space before a colon.
    youSaid: 'Vous\u00a0: How are you?',
    paneEmpty: 'Vos conversations s’afficheront ici.',
  },
}

for (const locale of ['en', 'fr'] as const) {
  test(`first contact is live (${locale}): a chat page opened before the conversation shows its messages, typing, receipts and presence`, async ({
    browser,
  }) => {
    const words = WORDS[locale]
    const anna = await newMember(browser, { name: 'Anouk', gender: 'female' })
    const bram = await newMember(browser, { name: 'Bruno', gender: 'male' })
    for (const member of [anna, bram]) {
      await member.context.addCookies([{ name: 'i18n_redirected', value: locale, url: E2E_ORIGIN }])
      await member.page.request.put('/api/user.php', { data: { language: locale } })
    }

    // Both open the conversation before it exists; Bram's page is hidden as Anna's opens, so she
    // first sees him as active today.
    await bram.page.goto(`/members/${anna.profileId}/chat`)
    await expect(bram.page.getByText(`${words.empty} Anouk`)).toBeVisible()
    await bram.page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { value: true, configurable: true })
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await anna.page.goto(`/members/${bram.profileId}/chat`)
    await expect(anna.page.getByText(`${words.empty} Bruno`)).toBeVisible()
    // Beside it on a wide screen, the list of her conversations says what will be there.
    await expect(anna.page.getByTestId('chat-pane-empty')).toHaveText(words.paneEmpty)
    const annaHeader = anna.page.locator('.chat-header')
    await expect(annaHeader.getByTestId('presence')).toHaveText(words.today)

    // Bram comes back and writes first: Anna's page, opened before the conversation, shows it live,
    // and shows him online as he is.
    await bram.page.reload()
    // Typed before React runs the page, the text would be lost (a busy machine, once in CI).
    await waitForApp(bram.page)
    const bramText = bram.page.getByLabel(words.message, { exact: true })
    await bramText.fill('Hello Anouk!')
    await bramText.press('Enter')
    await expect(bram.page).toHaveURL(/\/chats\/\d+$/)
    await expect(bram.page.locator('.chat-pane-list').getByRole('link', { name: /Anouk/ })).toBeVisible()
    await expect(bram.page.getByTestId('chat-pane-empty')).toHaveCount(0)
    await expect(anna.page.locator('.chat-messages').getByText('Hello Anouk!')).toBeVisible()
    await expect(annaHeader.getByTestId('presence')).toHaveText(words.online)
    await expect(anna.page).toHaveURL(`/members/${bram.profileId}/chat`)

    // Typing and read receipts both ways, with no reload on Anna's side.
    await expect(bram.page.getByTestId('read-receipt')).toHaveText(words.seen)
    const annaText = anna.page.getByLabel(words.message, { exact: true })
    await annaText.pressSequentially('Hi Bruno', { delay: 30 })
    await expect(bram.page.getByText(`Anouk ${words.typing}`)).toBeVisible()
    await annaText.press('Enter')
    await expect(bram.page.locator('.chat-messages').getByText('Hi Bruno')).toBeVisible()
    await expect(anna.page.getByTestId('read-receipt')).toHaveText(words.seen)
    await bramText.pressSequentially('How are you?', { delay: 30 })
    await expect(anna.page.getByText(`Bruno ${words.typing}`)).toBeVisible()
    await bramText.press('Enter')
    await expect(anna.page.locator('.chat-messages').getByText('How are you?')).toBeVisible()
    // His list says the last word was his, in his language's typography.
    await bram.page.goto('/chats')
    const last = bram.page.getByTestId('chat-preview').first()
    await expect(last).toContainText('How are you?')
    expect((await last.textContent())?.replace(/ {2,}/g, ' ').trim()).toBe(words.youSaid)
    await anna.context.close()
    await bram.context.close()
  })
}

for (const locale of ['en', 'fr'] as const) {
  test(`first contact the other way (${locale}): both pages opened from the profiles, the phone writes first, the desktop shows it before it is read`, async ({
    browser,
  }) => {
    const words = WORDS[locale]
    const desk = await newMember(browser, { name: 'Bastien', gender: 'male' })
    const phone = await newMember(browser, { name: 'Camille', gender: 'female' })
    await phone.page.setViewportSize({ width: 375, height: 740 })
    for (const [member, other] of [
      [desk, phone],
      [phone, desk],
    ] as const) {
      await member.context.addCookies([{ name: 'i18n_redirected', value: locale, url: E2E_ORIGIN }])
      await member.page.request.put('/api/user.php', { data: { language: locale } })
      // Opened from the other's profile, in the app (no page load between them).
      await member.page.goto(`/members/${other.profileId}`)
      await member.page.locator(`a[href="/members/${other.profileId}/chat"]`).first().click()
      await expect(member.page.getByLabel(words.message, { exact: true })).toBeVisible()
    }
    const phoneText = phone.page.getByLabel(words.message, { exact: true })
    await phoneText.fill('Bonjour Bastien')
    await phoneText.press('Enter')
    await expect(phone.page).toHaveURL(/\/chats\/\d+$/)
    await expect(desk.page.locator('.chat-messages').getByText('Bonjour Bastien')).toBeVisible()
    await expect(phone.page.getByTestId('read-receipt')).toHaveText(words.seen)
    // The desktop answers at once; the phone shows it live.
    const deskText = desk.page.getByLabel(words.message, { exact: true })
    await deskText.fill('Salut Camille')
    await deskText.press('Enter')
    await expect(phone.page.locator('.chat-messages').getByText('Salut Camille')).toBeVisible()
    await desk.context.close()
    await phone.context.close()
  })
}

import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  speaks,
  test,
  waitForApp,
} from './fixtures.ts'

// "Your turn" (issue 61, point 4) in Chromium: Bea's chat list puts first the conversation where
// Ann wrote last, with how long Ann has waited; Bea ends it kindly from the conversation, editing
// the goodbye; Ann, in French on a phone with the conversation open, sees it end, and neither can
// write there again. (The banner past 8 long waits needs a day to pass: your-turn.test.ts drives it
// by the injected clock.)

const write = (page: Page, to: number, text: string) =>
  page.request.post('/api/message.php', { data: { profile: to, text, client_id: randomUUID() } })

test('the conversation where the other wrote last comes first, and a kind goodbye ends it for both', async ({
  browser,
}) => {
  const bea = await newMember(browser, { name: 'Bea' })
  const ann = await newMember(browser, { name: 'Ann', gender: 'male' })
  const cas = await newMember(browser, { name: 'Cas', gender: 'male' })
  expect((await write(ann.page, bea.profileId, 'Hi Bea, how was the concert?')).status()).toBe(200)
  const toCas = await write(cas.page, bea.profileId, 'Hello from Cas!')
  const casConversation = (await toCas.json()).conversation
  expect(
    (
      await bea.page.request.post('/api/message.php', {
        data: { conversation: casConversation, text: 'Hi Cas!', client_id: randomUUID() },
      })
    ).status(),
  ).toBe(200)

  await bea.page.setViewportSize({ width: 1280, height: 800 })
  await bea.page.goto('/chats')
  await waitForApp(bea.page)
  const items = bea.page.getByRole('list', { name: 'Messages' }).getByRole('listitem')
  await expect(items).toHaveCount(2)
  // Cas's conversation is the newest, but Ann waits for Bea's answer.
  await expect(items.first()).toContainText('Ann')
  await expect(items.first().getByTestId('your-turn')).toHaveText(/^Your turn · \d+ min$/)
  await expect(items.nth(1).getByTestId('your-turn')).toHaveCount(0)
  await expectAccessible(bea.page)

  // Ann has the conversation open on her phone, in French.
  await speaks(ann, 'fr', 375)
  const annConversation = (await (await ann.page.request.get('/api/chats.php')).json()).chats[0].conversation
  await ann.page.goto(`/chats/${annConversation}`)
  await waitForApp(ann.page)
  await expect(ann.page.locator('#chat-text')).toBeVisible()

  await items.first().getByRole('link', { name: /Ann/ }).click()
  await waitForApp(bea.page)
  await bea.page.getByRole('button', { name: 'Not feeling it? End kindly' }).click()
  const form = bea.page.getByTestId('kind-close')
  await expect(form).toContainText(
    'Ann gets your message and the conversation ends for both of you. Nothing is reported.',
  )
  const goodbye = form.getByLabel('Your goodbye message')
  await expect(goodbye).toHaveValue('Thanks for the chat, I don’t think we’re a match; good luck!')
  await goodbye.fill('Thanks for the chat, Ann, I don’t think we’re a match. Take care!')
  await expectAccessible(bea.page)
  await form.getByRole('button', { name: 'Send and end the conversation' }).click()
  await expect(bea.page.getByTestId('conversation-closed')).toHaveText(
    'You ended this conversation with a kind goodbye. Neither of you can write here any more.',
  )
  await expect(bea.page.getByTestId('closing-label')).toBeVisible()
  await expect(bea.page.locator('#chat-text')).toHaveCount(0)
  // In the list it is nobody's turn now.
  await expect(bea.page.getByTestId('your-turn')).toHaveCount(0)

  // Ann reads it at once, in French, and may not answer.
  await expect(ann.page.getByTestId('conversation-closed')).toHaveText(
    'Bea a terminé cette conversation par un au revoir aimable. Aucun de vous deux ne peut plus y écrire.',
  )
  await expect(ann.page.locator('.message-text', { hasText: 'Take care!' })).toBeVisible()
  await expect(ann.page.getByTestId('closing-label')).toHaveText(
    'Message d’au revoir\u202f: la conversation s’est terminée ici.',
  )
  await expect(ann.page.locator('#chat-text')).toHaveCount(0)
  await expectNoHorizontalScroll(ann.page)
  await expectAccessible(ann.page)
  for (const member of [bea, ann, cas]) await member.context.close()
})

import { expect, expectAccessible, expectNoHorizontalScroll, newMember, speaks, test } from './fixtures.ts'

// The report sheet (issue 56, point 3): two taps from a profile or a conversation, the reporter
// from the session, a confirmation, and a block when asked; the complaints form linked from it.

test('a member reports a profile in two taps from its page, in English at 1280 px', async ({ browser }) => {
  const ines = await newMember(browser, { name: 'Ines', gender: 'female' })
  const karl = await newMember(browser, { name: 'Karl', gender: 'male' })
  await ines.page.goto(`/members/${karl.profileId}`)
  await ines.page.getByRole('button', { name: 'Report', exact: true }).click()
  const sheet = ines.page.getByRole('dialog', { name: 'Report Karl' })
  await expect(sheet.getByRole('link', { name: /complaints form/ })).toHaveAttribute(
    'href',
    `/complaints?profile=${karl.profileId}`,
  )
  // Send with no reason says what is missing; a reason and Send file it.
  await sheet.getByRole('button', { name: 'Send the report' }).click()
  await expect(sheet.getByRole('alert')).toHaveText('Please choose what it is about.')
  await sheet.getByRole('radio', { name: 'A fake profile' }).check()
  await expectAccessible(ines.page)
  await sheet.getByRole('button', { name: 'Send the report' }).click()
  await expect(sheet.getByRole('status')).toContainText('Thank you for telling us.')
  await expect(sheet.getByRole('status')).toContainText(/Your report no\. \d+ is with our moderators/)
  await sheet.getByRole('button', { name: 'Close' }).first().click()
  await expect(sheet).toBeHidden()
  // Not blocked: the page still offers to write to him.
  await expect(ines.page.getByRole('link', { name: 'Send a message' })).toBeVisible()
  await ines.context.close()
  await karl.context.close()
})

test('a member reports from a conversation on a phone, in French, and blocks at once', async ({
  browser,
}) => {
  const lou = await newMember(browser, { name: 'Lou', gender: 'female' })
  const marc = await newMember(browser, { name: 'Marco', gender: 'male' })
  await speaks(lou, 'fr', 375)
  // Marco writes first; Lou opens the conversation.
  const sent = await marc.page.request.post('/api/message.php', {
    data: {
      profile: (await (await lou.page.request.get('/api/user.php')).json()).user.profile.id,
      text: 'Donne-moi ton numéro',
      client_id: `report-sheet-${Date.now()}`,
    },
  })
  expect(sent.status()).toBe(200)
  const conversation = (await sent.json()).conversation
  await lou.page.goto(`/chats/${conversation}`)
  await expect(lou.page.locator('.chat-messages').getByText('Donne-moi ton numéro')).toBeVisible()
  await expectNoHorizontalScroll(lou.page)

  await lou.page.locator('.chat-header').getByRole('button', { name: 'Signaler' }).click()
  const sheet = lou.page.getByRole('dialog', { name: 'Signaler Marco' })
  await expect(sheet).toContainText('Les derniers messages de la conversation accompagnent votre signalement')
  await sheet.getByRole('radio', { name: 'Du harcèlement ou des insultes' }).check()
  await sheet.getByLabel('Bloquer aussi Marco').check()
  await expectNoHorizontalScroll(lou.page)
  await sheet.getByRole('button', { name: 'Envoyer le signalement' }).click()
  await expect(sheet.getByRole('status')).toContainText('Merci de nous l’avoir signalé.')
  await expect(sheet.getByRole('status')).toContainText('Marco est bloqué·e')
  await sheet.getByRole('button', { name: 'Fermer' }).last().click()
  // Blocked: the conversation says so instead of offering the composer.
  await expect(lou.page.getByLabel('Message', { exact: true })).toHaveCount(0)
  await lou.context.close()
  await marc.context.close()
})

test('a member reports from a card’s menu in a list, without opening the profile', async ({ browser }) => {
  const nora = await newMember(browser, { name: 'Nora', gender: 'female' })
  const olaf = await newMember(browser, { name: 'Olaf', gender: 'male' })
  expect(
    (await olaf.page.request.post('/api/like.php', { data: { profile: nora.profileId } })).status(),
  ).toBe(200)
  await nora.page.goto('/likes')
  const more = nora.page.getByRole('button', { name: 'More about Olaf' })
  await more.click()
  await expect(more).toHaveAttribute('aria-expanded', 'true')
  await nora.page.getByRole('button', { name: 'Report', exact: true }).click()
  const sheet = nora.page.getByRole('dialog', { name: 'Report Olaf' })
  await sheet.getByRole('radio', { name: 'A scam or spam' }).check()
  await sheet.getByRole('button', { name: 'Send the report' }).click()
  await expect(sheet.getByRole('status')).toContainText('Thank you for telling us.')
  await expect(nora.page).toHaveURL(/\/likes$/)
  await nora.context.close()
  await olaf.context.close()
})

import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  speaks,
  test,
  waitForApp,
} from './fixtures.ts'

// Opening moves and openers (issue 61, points 2 and 3) in Chromium: Léa, in French on a phone, sets
// a prompt and a question of the list as her opening moves; Marc, in English at 1280 px, finds lines
// made from her words on her page, edits one in the composer, then answers her move instead; the
// conversation opens with the question quoted above his answer, which Léa reads in French.

test('a member sets opening moves; another answers one, and the question is quoted in the conversation', async ({
  browser,
}) => {
  const lea = await newMember(browser, { name: 'Léa' })
  await speaks(lea, 'fr', 375)
  // Her prompt is answered already (profile-prompts.spec.ts writes one in the editor).
  const answer = 'Lyon ou Marseille pour la cuisine. Venez avec des arguments.'
  await lea.page.request.put('/api/profile-prompts.php', {
    data: { answers: [{ prompt: 'debate_me', answer }], moves: [] },
  })
  await lea.page.goto('/profile')
  await waitForApp(lea.page)
  const editor = lea.page.getByTestId('prompt-editor')
  const moves = editor.getByTestId('opening-moves-editor')
  await expect(moves).toContainText('0 sur 3 choisie.')
  await moves.getByLabel('Débattons de').check()
  await moves.getByText('Questions à poser').click()
  await moves.getByLabel('Quel est votre repas parfait\u202f?').check()
  await expect(moves).toContainText('2 sur 3 choisies.')
  await expectNoHorizontalScroll(lea.page)
  await expectAccessible(lea.page)
  await editor.getByRole('button', { name: 'Enregistrer mes réponses' }).click()
  await expect(editor).toContainText('Vos réponses sont enregistrées.')
  await lea.page.reload()
  await waitForApp(lea.page)
  await expect(lea.page.getByTestId('opening-moves-editor').getByLabel('Débattons de')).toBeChecked()

  const marc = await newMember(browser, { name: 'Marc', gender: 'male' })
  await marc.page.setViewportSize({ width: 1280, height: 800 })
  await marc.page.goto(`/members/${lea.profileId}`)
  await waitForApp(marc.page)
  // Lines from her own words: nothing is sent from here, the line waits in the composer.
  const openers = marc.page.getByRole('region', { name: 'Start with one of these' }).getByTestId('openers')
  await expect(openers.getByRole('button').first()).toContainText(
    '“Lyon ou Marseille pour la cuisine” for “Debate me on”',
  )
  await openers.getByRole('button').first().click()
  await expect(marc.page).toHaveURL(new RegExp(`/members/${lea.profileId}/chat$`))
  await waitForApp(marc.page)
  const composer = marc.page.locator('#chat-text')
  await expect(composer).toHaveValue(/^You wrote “Lyon ou Marseille pour la cuisine”/)
  await composer.fill('Marseille, for the bouillabaisse alone!')
  await expect(composer).toHaveValue('Marseille, for the bouillabaisse alone!')

  // Her moves, in his language: he answers the prompt.
  const offer = marc.page.getByRole('region', { name: 'Léa’s opening moves' })
  await expect(offer.getByRole('listitem')).toHaveCount(2)
  await expect(offer.getByRole('listitem').nth(1)).toContainText('What is your perfect meal?')
  await offer.getByRole('button', { name: 'Answer: Debate me on' }).click()
  const answering = marc.page.getByTestId('answering-move')
  await expect(answering).toContainText('Answering Léa’s question')
  await expect(answering).toContainText(answer)
  await expectAccessible(marc.page)
  await marc.page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(marc.page).toHaveURL(/\/chats\/\d+$/)
  const bubble = marc.page.getByTestId('move-quote')
  await expect(bubble).toContainText('Your answer to')
  await expect(bubble).toContainText('Debate me on')
  await expect(answering).toHaveCount(0)
  const conversation = marc.page.url()

  await lea.page.goto(new URL(conversation).pathname)
  await waitForApp(lea.page)
  const received = lea.page.getByTestId('move-quote')
  await expect(received).toContainText('Une réponse à votre question')
  await expect(received).toContainText('Débattons de')
  await expect(
    lea.page.locator('.message-text', { hasText: 'Marseille, for the bouillabaisse alone!' }),
  ).toBeVisible()
  await expectNoHorizontalScroll(lea.page)
  await expectAccessible(lea.page)
  await lea.context.close()
  await marc.context.close()
})

import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  speaks,
  test,
  waitForApp,
} from './fixtures.ts'

// Profile prompts (issue 61, point 1) in Chromium: a member answers prompts on /profile in French
// on a phone, with the suggestions the rules make as she writes (never blocking), saves, and a
// member reading in English at 1280 px sees her answers under each prompt on her page.

test('a member answers prompts with suggestions as she writes; others read them on her page', async ({
  browser,
}) => {
  const lea = await newMember(browser, { name: 'Léa' })
  await speaks(lea, 'fr', 375)
  await lea.page.goto('/profile')
  await waitForApp(lea.page)
  const editor = lea.page.getByTestId('prompt-editor')
  await expect(editor.getByRole('heading', { name: 'Questions du profil' })).toBeVisible()
  await editor.getByRole('button', { name: 'Ajouter une question' }).click()
  const row = editor.getByTestId('prompt-row').first()
  await row.getByLabel('Question 1').selectOption({ label: 'Mon endroit préféré au monde' })
  const answer = row.getByLabel('Votre réponse à « Mon endroit préféré au monde »')
  const hint = row.getByTestId('prompt-hint')
  await answer.fill('Les voyages')
  await expect(hint).toHaveText(/Quelques mots de plus aideraient/)
  await answer.fill('J’aime voyager, la bonne bouffe et l’humour')
  await expect(hint).toHaveText(/Beaucoup de profils disent cela/)
  await answer.fill('Le ferry pour Texel à l’aube, un café dans un gobelet en carton')
  await expect(hint).toHaveText('')
  await expect(row).toContainText(/caractères restants/)
  await editor.getByRole('button', { name: 'Ajouter une question' }).click()
  const second = editor.getByTestId('prompt-row').nth(1)
  await second.getByLabel('Question 2').selectOption({ label: 'Débattons de' })
  // A suggestion never blocks: a short answer is saved as it is.
  await second.getByRole('textbox').fill('Lyon ou Marseille ?')
  await expect(second.getByTestId('prompt-hint')).toHaveText(/Quelques mots de plus/)
  await expectNoHorizontalScroll(lea.page)
  await expectAccessible(lea.page)
  await editor.getByRole('button', { name: 'Enregistrer mes réponses' }).click()
  await expect(editor).toContainText('Vos réponses sont enregistrées.')

  const marc = await newMember(browser, { name: 'Marc', gender: 'male' })
  await marc.page.goto(`/members/${lea.profileId}`)
  await waitForApp(marc.page)
  const shown = marc.page.getByTestId('prompt-answers')
  await expect(shown.getByRole('listitem')).toHaveCount(2)
  await expect(shown.getByRole('listitem').first()).toContainText('My happy place')
  await expect(shown.getByRole('listitem').first()).toContainText('Le ferry pour Texel à l’aube')
  await expect(shown.getByRole('listitem').nth(1)).toContainText('Debate me on')
  await expectAccessible(marc.page)
  await lea.context.close()
  await marc.context.close()
})

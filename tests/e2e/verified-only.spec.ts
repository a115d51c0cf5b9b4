import { expect, expectAccessible, newMember, speaks, test } from './fixtures.ts'

// Limits by how much we know (issue 60, point 2): a member who takes new conversations from verified
// members only says so on their card and profile before anyone pays to write, and the refusal of an
// unverified writer links to the live check; in English at 1280 px, in French at 375 px.

test('a verified-only member says so before anyone writes; the refusal links to the live check, in en and fr', async ({
  browser,
}) => {
  const vera = await newMember(browser, { name: 'Vera' })
  const tom = await newMember(browser, { name: 'Tom', gender: 'male' })
  const saved = await vera.page.request.put('/api/profile.php', { data: { verified_contact_only: true } })
  expect(saved.status(), await saved.text()).toBe(200)

  // Her card says so (Tom's likes, here).
  expect((await tom.page.request.post('/api/like.php', { data: { profile: vera.profileId } })).status()).toBe(
    200,
  )
  await tom.page.goto('/likes/sent')
  const card = tom.page.locator('article').filter({ hasText: 'Vera' })
  await expect(card.getByTestId('verified-only')).toHaveText('Verified members only')

  await tom.page.goto(`/members/${vera.profileId}`)
  const note = tom.page.getByTestId('verified-only')
  await expect(note).toContainText('Vera accepts new conversations from verified members only.')
  await expect(note.getByRole('link', { name: 'Verify your profile' })).toHaveAttribute('href', '/verify')
  await expectAccessible(tom.page)

  // Tom writes anyway: nothing is paid, and the refusal says why with the way to the check.
  await tom.page.goto(`/members/${vera.profileId}/chat`)
  const text = tom.page.getByLabel('Message', { exact: true })
  await text.fill('Hello Vera!')
  await text.press('Enter')
  const refusal = tom.page
    .getByRole('alert')
    .filter({ hasText: 'accepts new conversations from verified members only' })
  await expect(refusal).toBeVisible()
  await expect(refusal.getByRole('link', { name: 'Verify your profile' })).toHaveAttribute('href', '/verify')

  // In French on a phone.
  await speaks(tom, 'fr', 375)
  await tom.page.goto(`/members/${vera.profileId}`)
  await expect(tom.page.getByTestId('verified-only')).toContainText(
    'Vera n’accepte de nouvelles conversations que de membres vérifiés.',
  )
  await expect(
    tom.page.getByTestId('verified-only').getByRole('link', { name: 'Vérifier votre profil' }),
  ).toBeVisible()
  await tom.page.goto('/likes/sent')
  await expect(
    tom.page.locator('article').filter({ hasText: 'Vera' }).getByTestId('verified-only'),
  ).toHaveText('Membres vérifiés uniquement')
})

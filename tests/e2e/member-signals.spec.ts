import { expect, expectAccessible, newMember, speaks, test, waitForApp } from './fixtures.ts'

// "New here" (issue 61, point 5) in Chromium: a member who signed up today carries the badge on her
// card and page, and the search's filter keeps only new members, in French on a phone.

test('a new member shows "New here", and the search can keep only new members', async ({ browser }) => {
  const nina = await newMember(browser, { name: 'Ninon' })
  const viewer = await newMember(browser, { name: 'Victor', gender: 'male' })
  await speaks(viewer, 'fr', 375)
  await viewer.page.goto(`/members/${nina.profileId}`)
  await waitForApp(viewer.page)
  await expect(viewer.page.getByRole('heading', { level: 1 }).getByTestId('new-here')).toHaveText(
    'Inscription récente',
  )
  await viewer.page.goto('/members?gender=female')
  await waitForApp(viewer.page)
  await viewer.page.getByRole('button', { name: 'Filtres' }).click()
  await viewer.page.getByLabel('Nouveaux membres seulement (14 derniers jours)').check()
  await viewer.page.getByRole('button', { name: 'Rechercher' }).click()
  await expect(viewer.page).toHaveURL(/new_here=1/)
  const results = viewer.page.getByRole('list', { name: 'Résultats' }).getByRole('listitem')
  await expect(results.first()).toBeVisible()
  const count = await results.count()
  await expect(results.getByTestId('new-here')).toHaveCount(count)
  await expectAccessible(viewer.page)
  await nina.context.close()
  await viewer.context.close()
})

import { randomUUID } from 'node:crypto'
import { E2E_ORIGIN, expect, expectAccessible, newMember, test } from './fixtures.ts'

// Fictional profiles disclosed on every surface (issue 54, point 7; ADR 32): the list of surfaces
// is common/fictional-surfaces.ts, checked file by file in common/fictional-surfaces.test.ts; here,
// in Chromium and in French, the search page, the chat list and the chat itself with a fictional
// profile, and the plain words before a first purchase on /pricing and at the checkout; in English,
// the profile page and the likes a member gave.

test('in French: the search results, the chat list and the conversation carry the mark and the sentence; /pricing and the checkout say it before a first purchase', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { page, context } = await newMember(browser, { name: 'Aurélie' })
  await context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: E2E_ORIGIN }])
  let fictional: { id: number; name: string } | undefined
  let onPage = 0
  for (let p = 1; p <= 5 && !fictional; p++) {
    const { profiles } = await (await page.request.get(`/api/members.php?page=${p}`)).json()
    fictional = profiles.find((x: { fictional: boolean }) => x.fictional)
    onPage = p
  }
  if (!fictional) throw new Error('the demo members hold no fictional profile')
  const sentence = /Les profils marqués ✦ sont fictifs/

  await page.goto(`/members?page=${onPage}`)
  const results = page.getByRole('list', { name: 'Résultats' })
  await expect(results.getByRole('img', { name: 'profil fictif' }).first()).toBeVisible()
  await expect(page.getByTestId('fictional-disclosure').first()).toHaveText(sentence)
  await page.screenshot({ path: 'test-results/fictional-search-fr.png' })

  const sent = await page.request.post('/api/message.php', {
    data: { profile: fictional.id, text: 'Bonjour, comment ça va ?', client_id: randomUUID() },
  })
  expect(sent.status()).toBe(200)
  await page.goto('/chats')
  const chat = page.getByRole('listitem').filter({ hasText: fictional.name })
  await expect(chat.getByRole('img', { name: 'profil fictif' })).toBeVisible()
  await expect(page.getByTestId('fictional-disclosure')).toHaveText(sentence)
  await expectAccessible(page)
  await chat.getByRole('link').first().click()
  await expect(page.getByRole('img', { name: 'profil fictif' }).first()).toBeVisible()
  await expect(page.getByTestId('fictional-disclosure').first()).toHaveText(sentence)

  await page.goto('/pricing')
  await page.setViewportSize({ width: 375, height: 740 })
  const note = page.getByTestId('fictional-before-buying')
  await note.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/fictional-pricing-375.png' })
  await expect(note.getByRole('heading')).toHaveText('Avant d’acheter\u202f: certains profils sont fictifs')
  await expect(note).toContainText(
    'animés par notre équipe pour le divertissement, et vous ne pouvez pas les rencontrer',
  )
  const { packages } = await (await page.request.get('/api/credits.php')).json()
  await page.goto(`/credits/${packages[0].id}`)
  await expect(page.getByTestId('fictional-before-buying')).toBeVisible()
  await expectAccessible(page)
  await context.close()
})

test('in English at 375 px: the profile page and the likes a member gave carry the mark and the sentence', async ({
  browser,
}) => {
  const { page, context } = await newMember(browser, { name: 'Harriet' })
  await page.setViewportSize({ width: 375, height: 740 })
  let fictional: { id: number; name: string } | undefined
  for (let p = 1; p <= 5 && !fictional; p++) {
    const { profiles } = await (await page.request.get(`/api/members.php?page=${p}`)).json()
    fictional = profiles.find((x: { fictional: boolean }) => x.fictional)
  }
  if (!fictional) throw new Error('the demo members hold no fictional profile')
  const sentence = /Profiles marked with ✦ are fictional/

  await page.goto(`/members/${fictional.id}`)
  await expect(page.getByRole('img', { name: 'fictional profile' }).first()).toBeVisible()
  await expect(page.getByTestId('fictional-disclosure').first()).toHaveText(sentence)
  await expectAccessible(page)

  expect((await page.request.post('/api/like.php', { data: { profile: fictional.id } })).status()).toBe(200)
  await page.goto('/likes/sent')
  const card = page.getByRole('listitem').filter({ hasText: fictional.name })
  await expect(card.getByRole('img', { name: 'fictional profile' })).toBeVisible()
  await expect(page.getByTestId('fictional-disclosure').first()).toHaveText(sentence)
  await expectAccessible(page)
  await context.close()
})

import { TOAST_WIDTH_PX } from '#common/constants.ts'
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  openWithHeldClock,
  skipEntryWarning,
  test,
} from './fixtures.ts'

// spec: PROD-1, STATE-19
test('two members like each other and both see the match modal', async ({ browser }) => {
  const anna = await newMember(browser, { name: 'Annabel', gender: 'female' })
  const bram = await newMember(browser, { name: 'Bram', gender: 'male' })
  // Bram looks for ages no fictional profile has: no automatic like comes to change his counts.
  expect(
    (
      await bram.page.request.put('/api/profile.php', { data: { seek_min_age: 98, seek_max_age: 99 } })
    ).status(),
  ).toBe(200)

  // Anna likes Bram on his page.
  await anna.page.goto(`/members/${bram.profileId}`)
  const likeBram = anna.page.getByRole('button', { name: 'Like', exact: true })
  await likeBram.click()
  await expect(anna.page.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true')

  // Bram sees the new like: the badge, and Anna under "Likes you".
  await bram.page.goto('/likes')
  await expect(bram.page.getByTestId('likes-badge')).toHaveText('1')
  await expect(bram.page).toHaveTitle(/^\(1\) /)
  const annaCard = bram.page.getByRole('list', { name: 'Likes you' }).getByRole('link', { name: /Annabel/ })
  await expect(annaCard).toBeVisible()
  await expectAccessible(bram.page)
  await bram.page.setViewportSize({ width: 375, height: 800 })
  await expectNoHorizontalScroll(bram.page)
  // The three lists are one row of tabs on a phone.
  const tabs = bram.page.getByRole('navigation', { name: 'Likes lists' }).getByRole('link')
  const tops = await tabs.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().top))
  expect(new Set(tops).size).toBe(1)
  await bram.page.setViewportSize({ width: 1280, height: 800 })

  // Opening her profile from the likes clears the badge; liking her back is a match.
  await annaCard.click()
  await expect(bram.page).toHaveURL(`/likes/m/${anna.profileId}`)
  await expect(bram.page.getByTestId('likes-badge')).toHaveCount(0)
  // Anna is looking at the search page when Bram likes her back.
  await anna.page.goto('/members')
  const annasModal = anna.page.locator('#match-modal')
  await expect(annasModal).toHaveCount(0)
  await bram.page.getByRole('button', { name: 'Like', exact: true }).click()
  const bramsModal = bram.page.locator('#match-modal')
  await expect(bramsModal.getByRole('heading', { name: "It's a match!" })).toBeVisible()
  await expectAccessible(bram.page)
  // A click anywhere closes it.
  await bramsModal.getByText('You and Annabel like each other.').click()
  await expect(bramsModal).toBeHidden()
  await bram.page.goto('/likes/matches')
  await expect(
    bram.page.getByRole('list', { name: 'Matches' }).getByRole('link', { name: /Annabel/ }),
  ).toBeVisible()

  // Anna's page learns of the match through the refresh cycle (first after 5 s), without a reload.
  await expect(annasModal.getByRole('heading', { name: "It's a match!" })).toBeVisible({ timeout: 15_000 })
  await annasModal.getByRole('button', { name: 'Send Bram a message' }).click()
  await expect(anna.page).toHaveURL(`/members/${bram.profileId}/chat`)
  await anna.context.close()
  await bram.context.close()
})

// spec: VAL-12
test('the swipe game stops at the fifth like of the day', async ({ browser }) => {
  const player = await newMember(browser, { name: 'Swiper', gender: 'female' })
  const { page } = player
  // Any age: enough cards for five likes whatever the demo members' ages (preferences.spec holds the ages).
  const wide = await page.request.put('/api/profile.php', { data: { seek_min_age: 18, seek_max_age: 99 } })
  expect(wide.status()).toBe(200)
  await page.goto('/swipe-game')
  await expect(page.getByText('4 likes left today')).toBeVisible()
  await expectAccessible(page)
  const card = page.getByTestId('swipe-card')

  // By button, by key, and by dragging the card to the right.
  const name = async () => ((await card.getByRole('heading').textContent()) ?? '').split(',')[0]
  let current = await name()
  await page.getByRole('button', { name: `Like ${current}` }).click()
  await expect(page.getByText('3 likes left today')).toBeVisible()
  // Each card is told apart by the member it links to (two members may share a first name).
  const link = card.getByRole('heading').getByRole('link')
  let href = await link.getAttribute('href')
  await page.getByRole('button', { name: /^Pass on / }).click()
  await expect(link).not.toHaveAttribute('href', href ?? '')
  current = await name()
  href = await link.getAttribute('href')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByText('2 likes left today')).toBeVisible()
  await expect(link).not.toHaveAttribute('href', href ?? '')
  const box = await card.boundingBox()
  if (!box) throw new Error('no card')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 3, { steps: 4 })
  await page.mouse.move(box.x + box.width / 2 + 180, box.y + box.height / 3, { steps: 4 })
  await page.mouse.up()
  await expect(page.getByText('1 like left today')).toBeVisible()
  await page.keyboard.press('ArrowRight')

  // The fourth like used the day: a clear message, and no fifth like, by button or key.
  const limit = page.getByRole('status').filter({ hasText: "That's your 4 likes for today" })
  await expect(limit).toBeVisible()
  await expect(limit).toContainText('New likes arrive at midnight')
  await expect(page.getByRole('button', { name: /^Like / })).toBeDisabled()
  await page.keyboard.press('ArrowRight')
  await page.reload()
  await expect(page.getByText('0 likes left today')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Like / })).toBeDisabled()
  const likes = await (await page.request.get('/api/likes.php')).json()
  expect(likes.profiles.filter((p: { liked: boolean }) => p.liked)).toHaveLength(4)
  await expectAccessible(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoHorizontalScroll(page)
  await player.context.close()
})

// spec: MODAL-6
test('the like modal opens after ?t=2 and t leaves the address', async ({ page }) => {
  await skipEntryWarning(page)
  const { profiles } = await (await page.request.get('/api/members.php')).json()
  const someone = profiles[0]
  // The page's clock moves only as the test moves it: two seconds are two seconds of the page's.
  await openWithHeldClock(page, `/members/${someone.id}?t=2&from=mail`)
  await expect(page).toHaveURL(`/members/${someone.id}?from=mail`)
  const modal = page.locator('#like-modal')
  await page.clock.runFor(1500)
  await expect(modal).toBeHidden()
  await page.clock.runFor(1000)
  await expect(modal.getByRole('heading', { name: `Do you like ${someone.name}?` })).toBeVisible()
  await page.clock.resume()
  await expect(modal.getByRole('link', { name: `Sign up for free to like ${someone.name}` })).toBeVisible()
  await expectAccessible(page)
  await modal.getByRole('button', { name: 'Not now' }).click()
  await expect(modal).toBeHidden()
})

test('the like modal shows for a logged-in member too, and the like is given from it', async ({
  browser,
}) => {
  const member = await newMember(browser, { name: 'Modalfan', gender: 'male' })
  const { page } = member
  await page.goto('/members?t=1')
  await expect(page).toHaveURL('/members')
  const modal = page.locator('#like-modal')
  const heading = modal.getByRole('heading', { name: /^Do you like .+\?$/ })
  await expect(heading).toBeVisible({ timeout: 5000 })
  const name = ((await heading.textContent()) ?? '').replace(/^Do you like (.+)\?$/, '$1')
  await modal.getByRole('button', { name: /Like/ }).click()
  await expect(modal.getByRole('status')).toHaveText(`You like ${name}.`)
  await expectAccessible(page)
  await member.context.close()
})

// spec: ROLE-1
test('a visitor who likes a card is asked to log in; the match finder ranks members', async ({ browser }) => {
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  await skipEntryWarning(visitor)
  await visitor.goto('/members')
  await visitor
    .getByRole('button', { name: /^Like / })
    .first()
    .click()
  const prompt = visitor.locator('#login-prompt')
  await expect(prompt.getByText(/Log in or sign up for free to like/)).toBeVisible()
  await expect(prompt.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
  await prompt.getByRole('button', { name: 'Close' }).click()
  await visitor.getByRole('list', { name: 'Results' }).getByRole('link').first().click()
  await visitor.getByRole('button', { name: 'Send a gift' }).click()
  await expect(prompt.getByText(/Log in or sign up for free to send .+ a gift\./)).toBeVisible()
  await visitorContext.close()

  const member = await newMember(browser, { name: 'Finder', gender: 'female' })
  await member.page.goto('/match-finder')
  await member.page.getByRole('radio', { name: 'Men', exact: true }).check()
  // Many interests asked for (20, the most a search takes): the best suggestions share some.
  const interests = member.page.getByRole('group', { name: '4. What do you like?' }).locator('label')
  for (const chip of (await interests.all()).slice(0, 20)) await chip.click()
  // Twenty is the most: the others wait, and the page says why.
  const group = member.page.getByRole('group', { name: '4. What do you like?' })
  await expect(group.getByRole('checkbox').nth(20)).toBeDisabled()
  await expect(group.getByText('You chose the most: 20 interests.')).toBeVisible()
  await member.page.getByRole('button', { name: 'Find my matches' }).click()
  await expect(member.page).toHaveURL(/gender=male/)
  await expect(member.page.getByRole('heading', { name: /\d+ suggestions?/ })).toBeVisible()
  await expectAccessible(member.page)
  await member.page.setViewportSize({ width: 375, height: 800 })
  await expectNoHorizontalScroll(member.page)
  // The interests in common are said inside the member's card.
  await expect(
    member.page
      .locator('article.member-card')
      .getByText(/interests? in common$/)
      .first(),
  ).toBeVisible()
  await member.context.close()
})

// spec: CONST-10
test('an automatic like says it comes from a fictional profile; none comes before the e-mail address is confirmed', async ({
  browser,
}) => {
  // A fictional profile of the demo members, and a member who looks for someone like it.
  const looker = await newMember(browser, { name: 'Lotte', gender: 'female' })
  let fictional: { id: number; name: string; gender: 'female' | 'male' } | undefined
  for (let p = 1; p <= 5 && !fictional; p++) {
    const { profiles } = await (await looker.page.request.get(`/api/members.php?page=${p}`)).json()
    fictional = profiles.find((x: { fictional: boolean }) => x.fictional)
  }
  if (!fictional) throw new Error('the demo members hold no fictional profile')
  await looker.context.close()
  const gender = fictional.gender === 'female' ? 'male' : 'female'
  const wide = { seek_min_age: 18, seek_max_age: 99 }

  // Not confirmed yet: nobody can see the profile, so no like can come.
  const waiting = await newMember(browser, { name: 'Wim', gender, activate: false })
  expect((await waiting.page.request.put('/api/profile.php', { data: wide })).status()).toBe(200)
  expect(await (await waiting.page.request.get('/api/auto-like.php')).json()).toEqual({ profile: null })
  await waiting.context.close()

  const member = await newMember(browser, { name: 'Joost', gender })
  expect((await member.page.request.put('/api/profile.php', { data: wide })).status()).toBe(200)
  await member.page.goto('/members')
  const toast = member.page.locator('.auto-like-toasts')
  await expect(toast.getByText(/ likes you!/)).toBeVisible({ timeout: 15_000 })
  await expect(toast.getByTestId('fictional-disclosure')).toHaveText(/fictional: they are run by our team/)
  await expect(toast.getByRole('img', { name: 'fictional profile' })).toBeVisible()
  // Toasts are 350 px wide on a desktop.
  expect((await toast.locator('.toast').boundingBox())?.width).toBe(TOAST_WIDTH_PX)
  await member.context.close()
})

// spec: CALL-8
test('an automatic like reloads the likes 500 ms after it comes', async ({ browser }) => {
  const looker = await newMember(browser, { name: 'Ilse', gender: 'female' })
  let fictional: { gender: 'female' | 'male' } | undefined
  for (let p = 1; p <= 5 && !fictional; p++) {
    const { profiles } = await (await looker.page.request.get(`/api/members.php?page=${p}`)).json()
    fictional = profiles.find((x: { fictional: boolean }) => x.fictional)
  }
  if (!fictional) throw new Error('the demo members hold no fictional profile')
  await looker.context.close()
  const member = await newMember(browser, {
    name: 'Pim',
    gender: fictional.gender === 'female' ? 'male' : 'female',
  })
  const page = member.page
  expect(
    (await page.request.put('/api/profile.php', { data: { seek_min_age: 18, seek_max_age: 99 } })).status(),
  ).toBe(200)
  let likesAsked = 0
  page.on('requestfinished', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/member-data/likes'))
      likesAsked++
  })
  await openWithHeldClock(page, '/members')
  likesAsked = 0
  // The first tick, 5 s after loading: the automatic like comes (the refresh and the like's own
  // frame reload the likes too; the page's clock stands still while they settle).
  const liked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auto-like.php')
  await page.clock.runFor(5_100)
  expect((await (await liked).json()).profile).not.toBeNull()
  await expect.poll(() => likesAsked).toBeGreaterThan(0)
  await page.waitForTimeout(1_000)
  const before = likesAsked
  // Then once more, 500 ms after the like came, not before.
  await page.clock.runFor(400)
  await page.waitForTimeout(300)
  expect(likesAsked).toBe(before)
  await page.clock.runFor(200)
  await expect.poll(() => likesAsked).toBe(before + 1)
  await member.context.close()
})

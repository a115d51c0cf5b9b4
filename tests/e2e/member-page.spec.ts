import type { Page } from '@playwright/test'
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  skipEntryWarning,
  test,
} from './fixtures.ts'

async function photoCount(page: Page, id: number) {
  return (await (await page.request.get(`/api/member.php?id=${id}`)).json()).profile.photos.total as number
}

// spec: ROLE-1
test('a visitor sees the main photo and is asked to log in for the others', async ({ page }) => {
  await skipEntryWarning(page)
  // Find a demo member with several photos.
  let id = 1
  while ((await photoCount(page, id)) < 2) id++
  const total = await photoCount(page, id)
  await page.goto(`/members/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(
    page.getByRole('link', { name: `Log in to see ${total - 1} more photo${total - 1 > 1 ? 's' : ''}` }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Send a message' })).toHaveAttribute(
    'href',
    `/members/${id}/chat`,
  )
  await expect(page.getByRole('button', { name: 'Block' })).toHaveCount(0)
  await expectAccessible(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoHorizontalScroll(page)
})

// spec: NAV-11
test('search results open the member page', async ({ page }) => {
  await skipEntryWarning(page)
  await page.goto('/members')
  const first = page.getByRole('list', { name: 'Results' }).getByRole('link').first()
  const name = (await first.textContent())?.split(',')[0] ?? ''
  await first.click()
  await expect(page).toHaveURL(/\/members\/\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
  await expect(page).toHaveTitle(`${name} - LunaDate`)
})

// spec: ROLE-4
test('block and unblock a member; a blocked member is shown the spec’s message', async ({ browser }) => {
  const a = await newMember(browser, { name: 'Annelies', activate: true })
  const b = await newMember(browser, { name: 'Bert', activate: false })
  await b.page.goto(`/members/${a.profileId}`)
  await b.page.getByRole('button', { name: 'Block' }).click()
  await expect(b.page.getByText('You blocked Annelies: neither of you sees the other.')).toBeVisible()
  await b.page.getByRole('button', { name: 'Unblock' }).click()
  await expect(b.page.getByRole('button', { name: 'Block' })).toBeVisible()

  const blocked = await a.page.request.post('/api/block.php', { data: { profile: b.profileId } })
  expect(await blocked.json()).toEqual({ blocked: true })
  const response = await b.page.goto(`/members/${a.profileId}`)
  expect(response?.status()).toBe(403)
  await expect(b.page.getByRole('heading', { level: 1 })).toHaveText(
    "You're blocked by Annelies. You do not have access to this page.",
  )
  await a.context.close()
  await b.context.close()
})

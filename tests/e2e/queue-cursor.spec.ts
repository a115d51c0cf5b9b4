import { consoleLogin, expect, newMember, openFromMenu, test } from './fixtures.ts'
import { loadUntilShown, queueCard, selectWithKeys, uploadPhotos } from './photo-queue.ts'
import { E2E_MODERATOR } from './staff-account.ts'

// A console queue's selection stays on the item the moderator chose (ADR 16, queue-cursor.ts).
test('a photo chosen while a decision is on its way stays chosen when the decided one leaves', async ({
  page,
  browser,
}) => {
  await consoleLogin(page, E2E_MODERATOR)
  const member = await newMember(browser, { name: 'Rue' })
  const ids = await uploadPhotos(member, ['#5f8a3a', '#3a8a8a', '#8a8a3a'])
  await page.goto('/admin')
  await openFromMenu(page, 'Photos')
  const cards = page.getByTestId('queue-photo')
  const chosen = cards.and(page.locator('[aria-current="true"]'))
  // Every journey's photos wait in the same queue: the three may stand past its first page.
  for (const id of ids) await loadUntilShown(page, id)
  // The first of the three in the queue: at least two cards follow it (the member's other two).
  const order = await cards.evaluateAll((all) => all.map((c) => Number(c.getAttribute('data-photo-id'))))
  const [first] = order.filter((id) => ids.includes(id))
  const decided = queueCard(page, first)
  await selectWithKeys(page, decided)

  // The decision is held on its way until the moderator has moved on to the next photo.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const review = (url: URL) =>
    url.pathname.startsWith('/admin/photos') && url.search.includes('intent=review')
  await page.route(review, async (route) => {
    await held
    await route.continue()
  })
  await page.keyboard.press('a')
  await expect(decided.getByRole('button', { name: 'Approve' })).toBeDisabled()
  await page.keyboard.press('j')
  const next = await chosen.getAttribute('data-photo-id')
  expect(next).not.toBe(String(first))
  release()
  await expect(decided).toHaveCount(0)
  await expect(page.getByRole('status')).toHaveText('Decided: Approve')
  // Still the photo the moderator moved to, not the one after it.
  await expect(chosen).toHaveAttribute('data-photo-id', next ?? 'none')
  await page.unroute(review)
  await member.context.close()
})

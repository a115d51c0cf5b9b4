import type { Locator, Page } from '@playwright/test'
import { testJpeg } from '../support/images.ts'
import { expect } from './fixtures.ts'

/** Plain photos of these colours uploaded by a member, their ids in that order. */
export async function uploadPhotos(member: { page: Page }, colours: string[]) {
  const ids: number[] = []
  for (const colour of colours) {
    const res = await member.page.request.post('/api/photos.php', {
      multipart: {
        photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await testJpeg(300, colour) },
      },
    })
    expect(res.status()).toBe(201)
    ids.push((await res.json()).photo.id)
  }
  return ids
}

/** The photo queue's card of this photo. */
export const queueCard = (page: Page, id: number | string) =>
  page.getByTestId('queue-photo').and(page.locator(`[data-photo-id="${id}"]`))

/**
 * Presses J or K until the queue's selected card is this one (keyboard only, as a moderator works).
 * The queue holds the photos of every journey run before, riskiest first by the explicit-photo
 * model's score, so a member's second photo may stand above their first.
 */
export async function selectWithKeys(page: Page, target: Locator) {
  const place = (card: Element) => [...(card.parentElement?.children ?? [])].indexOf(card)
  const selected = page.getByTestId('queue-photo').and(page.locator('[aria-current="true"]'))
  for (let i = 0; i < 200; i++) {
    if ((await target.getAttribute('aria-current')) === 'true') return
    const down = (await target.evaluate(place)) > (await selected.evaluate(place))
    await page.keyboard.press(down ? 'j' : 'k')
  }
  throw new Error('the card was never selected')
}

/** Loads the queue's next pages, as a moderator would, until this photo's card is in the list. */
export async function loadUntilShown(page: Page, id: number) {
  const more = page.getByRole('button', { name: 'Load the next photos' })
  for (let pages = 0; pages < 20; pages++) {
    await expect(queueCard(page, id).or(more).first()).toBeVisible()
    if (await queueCard(page, id).isVisible()) return
    const count = await page.getByTestId('queue-photo').count()
    await more.click()
    await expect.poll(() => page.getByTestId('queue-photo').count()).toBeGreaterThan(count)
  }
  throw new Error(`photo ${id} is not in the queue`)
}

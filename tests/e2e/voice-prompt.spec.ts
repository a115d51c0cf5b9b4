import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { writeToneWav } from '../support/wav.ts'
import {
  E2E_ORIGIN,
  expect,
  expectAccessible,
  expectChoicesWhole,
  expectNoHorizontalScroll,
  newMember,
  speaks,
  test,
} from './fixtures.ts'
import { microphoneHearing } from './microphone.ts'

// A voice prompt on the profile (issue 58, point 6): recorded on /profile from Chromium's fake
// microphone, saved, heard on the member's page by another member in French on a phone, removed.

test('a member records a voice prompt on their profile; another member hears it on their page, in French on a phone', async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000)
  const wav = path.join(await mkdtemp(path.join(tmpdir(), 'e2e-prompt-')), 'voice.wav')
  await writeToneWav(wav, 20)
  const lea = await newMember(browser, { name: 'Léa', gender: 'female' })
  const marc = await newMember(browser, { name: 'Marc', gender: 'male' })
  await speaks(marc, 'fr', 375)

  const microphone = await microphoneHearing(wav)
  let seconds = 0
  try {
    const context = await microphone.newContext({
      storageState: await lea.context.storageState(),
      baseURL: E2E_ORIGIN,
      viewport: { width: 1280, height: 900 },
    })
    const tab = await context.newPage()
    await tab.goto('/profile')
    await tab.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    const section = tab.getByRole('region', { name: 'Voice prompt' })
    await expect(section).toContainText('in up to 30 seconds')
    await section.getByLabel('Prompt').selectOption({ label: 'My perfect Sunday' })
    await section.getByRole('button', { name: 'Record your answer' }).click()
    const recording = section.getByTestId('voice-recording')
    await expect(recording.getByRole('status')).toContainText('Recording 0:03', { timeout: 10_000 })
    await recording.getByRole('button', { name: 'Stop' }).click()
    // Heard back, free (no price), then saved.
    const preview = section.getByTestId('voice-preview')
    await expect(preview.getByLabel('Your voice message')).toBeVisible()
    await expect(preview).not.toContainText('credits')
    const saved = tab.waitForResponse((r) => new URL(r.url()).pathname === '/api/profile-voice.php')
    await preview.getByRole('button', { name: 'Save' }).click()
    const answer = await saved
    expect(answer.status()).toBe(201)
    seconds = (await answer.json()).voice.seconds
    expect(seconds).toBeGreaterThan(2.5)
    expect(seconds).toBeLessThan(5)
    await expect(section).toContainText('Your voice prompt is saved.')
    const own = section.getByTestId('own-voice-prompt')
    await expect(own).toContainText('My perfect Sunday')
    await expect(section.getByRole('button', { name: 'Record another answer' })).toBeVisible()
    await expectAccessible(tab)
    await context.close()
  } finally {
    await microphone.close()
  }

  // Marc, in French on a phone, hears it on Léa's page: the prompt in his language, a labelled player.
  await marc.page.goto(`/members/${lea.profileId}`)
  const prompt = marc.page.getByTestId('voice-prompt')
  await expect(prompt).toContainText('Mon dimanche idéal')
  const length = `0:0${Math.round(seconds)}`
  const play = prompt.getByRole('button', { name: `Écouter la réponse de Léa (${length})` })
  await expect(play).toBeVisible()
  await expectNoHorizontalScroll(marc.page)
  await expectAccessible(marc.page)
  await play.click()
  await expect(prompt.getByRole('button', { name: 'Pause' })).toBeVisible()
  await expect
    .poll(() => prompt.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime))
    .toBeGreaterThan(0.3)

  // Léa removes it: nobody hears it any more.
  await lea.page.goto('/profile')
  await lea.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await lea.page.getByTestId('own-voice-prompt').getByRole('button', { name: 'Remove' }).click()
  await expect(lea.page.getByText('Your voice prompt was removed.')).toBeVisible()
  await expect(lea.page.getByTestId('own-voice-prompt')).toHaveCount(0)
  await marc.page.reload()
  await expect(marc.page.getByRole('heading', { level: 1 })).toContainText('Léa')
  await expect(marc.page.getByTestId('voice-prompt')).toHaveCount(0)

  // On a phone, each prompt shows whole once chosen, in French and in English (the longest French
  // ones were cut at 375 px).
  for (const locale of ['fr', 'en'] as const) {
    await speaks(marc, locale, 375)
    await marc.page.goto('/profile')
    const choice = marc.page.locator('#voice-prompt-choice')
    for (const option of await choice.locator('option').allTextContents()) {
      await choice.selectOption({ label: option })
      await expectChoicesWhole(choice)
    }
  }
  for (const m of [lea, marc]) await m.context.close()
})

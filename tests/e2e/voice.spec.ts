import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { writeToneWav } from '../support/wav.ts'
import {
  E2E_ORIGIN,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  newMember,
  sandboxBuy,
  speaks,
  test,
} from './fixtures.ts'
import { microphoneHearing } from './microphone.ts'

// Voice notes (issue 58) in Chromium: the sender's browser records from Chromium's fake microphone
// playing a WAV file; the server decodes it, measures it and keeps it in AAC in MP4; the other
// member, in French on a phone, gets it live and plays it.

test('a voice note is recorded in the composer, heard back, paid and sent; the other member plays it at once, in French on a phone', async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000)
  const wav = path.join(await mkdtemp(path.join(tmpdir(), 'e2e-voice-')), 'voice.wav')
  await writeToneWav(wav, 20)
  const nora = await newMember(browser, { name: 'Nora', gender: 'female' })
  const remi = await newMember(browser, { name: 'Rémi', gender: 'male' })
  await sandboxBuy(nora.page, 500)
  await speaks(remi, 'fr', 375)
  // A voice note only answers: Nora opens the conversation in words.
  const opened = await nora.page.request.post('/api/message.php', {
    data: { profile: remi.profileId, text: 'Hello Rémi!', client_id: `voice-${Date.now()}` },
  })
  const conversation = (await opened.json()).conversation as number
  await remi.page.goto(`/chats/${conversation}`)
  await expect(remi.page.locator('.chat-messages').getByText('Hello Rémi!')).toBeVisible()
  // A voice note only answers: Rémi writes back.
  await remi.page.getByLabel('Message', { exact: true }).fill('Salut Nora !')
  await remi.page.getByRole('button', { name: 'Envoyer' }).click()
  await expect(remi.page.locator('.chat-messages').getByText('Salut Nora !')).toBeVisible()

  const microphone = await microphoneHearing(wav)
  try {
    const context = await microphone.newContext({
      storageState: await nora.context.storageState(),
      baseURL: E2E_ORIGIN,
      viewport: { width: 1280, height: 900 },
    })
    const tab = await context.newPage()
    await tab.goto(`/chats/${conversation}`)
    await tab.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await tab.getByRole('button', { name: 'Record a voice message' }).click()
    const recording = tab.getByTestId('voice-recording')
    const clock = recording.getByRole('status')
    await expect(clock).toContainText(/^Recording 0:0\d/)
    await expect(clock).toContainText('Recording 0:03', { timeout: 10_000 })
    await recording.getByRole('button', { name: 'Stop' }).click()

    // Heard back before it goes, with its price and the money beside it.
    const preview = tab.getByTestId('voice-preview')
    await expect(preview.getByLabel('Your voice message')).toBeVisible()
    await expect(preview).toContainText(/15 credits \(€\d+\.\d\d\)/)
    await expectAccessible(tab)
    const answered = tab.waitForResponse((r) => new URL(r.url()).pathname === '/api/message-file.php')
    await preview.getByRole('button', { name: 'Send' }).click()
    const answer = await answered
    expect(answer.status()).toBe(200)
    const { message } = await answer.json()
    // Its length is the server's measure of what was recorded (three seconds and a little).
    expect(message.voice.seconds).toBeGreaterThan(2.5)
    expect(message.voice.seconds).toBeLessThan(5)
    const length = `${Math.floor(Math.round(message.voice.seconds) / 60)}:${String(Math.round(message.voice.seconds) % 60).padStart(2, '0')}`
    await expect(tab.getByRole('button', { name: `Play the voice message, ${length}` })).toBeVisible()
    await expect(tab.getByTestId('chat-preview')).toHaveText(`You: Voice message (${length})`)
    await context.close()
  } finally {
    await microphone.close()
  }

  // Nora's other tab shows her note, not played yet.
  await nora.page.goto(`/chats/${conversation}`)
  await expect(nora.page.locator('.voice-player')).toBeVisible()
  await expect(nora.page.getByTestId('voice-played')).toHaveCount(0)

  // Rémi has it at once, in French, on his phone: a labelled player, its length as text.
  const play = remi.page.getByRole('button', { name: /^Écouter le message vocal, 0:0\d$/ })
  await expect(play).toBeVisible()
  await expectNoHorizontalScroll(remi.page)
  await expectAccessible(remi.page)
  await play.click()
  await expect(remi.page.getByRole('button', { name: 'Pause' })).toBeVisible()
  await expect
    .poll(() => remi.page.locator('.voice-player audio').evaluate((a: HTMLAudioElement) => a.currentTime))
    .toBeGreaterThan(0.3)
  // Nora sees it played, live.
  await expect(nora.page.getByTestId('voice-played')).toHaveText('Played')
  await remi.page.getByRole('button', { name: 'Vitesse de lecture 1×' }).click()
  await expect(remi.page.getByRole('button', { name: 'Vitesse de lecture 1.5×' })).toBeVisible()
  expect(
    await remi.page.locator('.voice-player audio').evaluate((a: HTMLAudioElement) => a.playbackRate),
  ).toBe(1.5)
  // The file is the conversation's: another member gets nothing.
  const stranger = await newMember(browser, { name: 'Stranger', gender: 'male' })
  const src = await remi.page.locator('.voice-player audio').getAttribute('src')
  expect((await stranger.page.request.get(src ?? '')).status()).toBe(404)
  for (const m of [nora, remi, stranger]) await m.context.close()
})

test('a browser that may not use the microphone says so in the member’s language, and the chat goes on', async ({
  browser,
}) => {
  const ines = await newMember(browser, { name: 'Inès', gender: 'female' })
  const theo = await newMember(browser, { name: 'Théo', gender: 'male' })
  await sandboxBuy(ines.page, 500)
  await speaks(ines, 'fr', 375)
  const opened = await ines.page.request.post('/api/message.php', {
    data: { profile: theo.profileId, text: 'Bonjour Théo', client_id: `voice-no-${Date.now()}` },
  })
  const conversation = (await opened.json()).conversation as number
  // No microphone before Théo has written: a voice note only answers.
  await ines.page.goto(`/chats/${conversation}`)
  await ines.page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await expect(ines.page.getByRole('button', { name: 'Envoyer' })).toBeVisible()
  await expect(ines.page.getByRole('button', { name: 'Enregistrer un message vocal' })).toHaveCount(0)
  await theo.page.request.post('/api/message.php', {
    data: { conversation, text: 'Bonjour Inès', client_id: `voice-no-b-${Date.now()}` },
  })
  await expect(ines.page.locator('.chat-messages').getByText('Bonjour Inès')).toBeVisible()
  await ines.page.getByRole('button', { name: 'Enregistrer un message vocal' }).click()
  await expect(ines.page.getByRole('alert')).toContainText(
    /Autorisez ce site à utiliser le micro|L’enregistrement s’est arrêté/,
  )
  await ines.page.getByLabel('Message', { exact: true }).fill('Tu m’entends ?')
  await ines.page.getByRole('button', { name: 'Envoyer' }).click()
  await expect(ines.page.locator('.chat-messages').getByText('Tu m’entends ?')).toBeVisible()
  // Théo may turn voice notes off on his profile; the choice is kept.
  await theo.page.goto('/profile')
  const choice = theo.page.getByRole('switch', { name: 'Voice messages from members I have written to' })
  await expect(choice).toBeChecked()
  await choice.uncheck()
  await theo.page.getByRole('button', { name: 'Save my profile' }).click()
  await expect(theo.page.getByText('Your profile has been saved.')).toBeVisible()
  await theo.page.reload()
  await expect(choice).not.toBeChecked()
  for (const m of [ines, theo]) await m.context.close()
})

test('on a phone a voice note is held to record: letting go hears it back, sliding away drops it', async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(90_000)
  const wav = path.join(await mkdtemp(path.join(tmpdir(), 'e2e-voice-')), 'voice.wav')
  await writeToneWav(wav, 20)
  const lou = await newMember(browser, { name: 'Lou', gender: 'female' })
  const max = await newMember(browser, { name: 'Maxime', gender: 'male' })
  await sandboxBuy(lou.page, 500)
  await speaks(lou, 'fr', 375)
  const opened = await max.page.request.post('/api/message.php', {
    data: { profile: lou.profileId, text: 'Salut Lou', client_id: `voice-hold-${Date.now()}` },
  })
  const conversation = (await opened.json()).conversation as number
  const microphone = await microphoneHearing(wav)
  try {
    const context = await microphone.newContext({
      storageState: await lou.context.storageState(),
      baseURL: E2E_ORIGIN,
      viewport: { width: 375, height: 740 },
      hasTouch: true,
    })
    const tab = await context.newPage()
    await tab.goto(`/chats/${conversation}`)
    await tab.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    const mic = tab.getByRole('button', { name: 'Enregistrer un message vocal' })
    const box = await mic.boundingBox()
    if (!box) throw new Error('no microphone button')
    const at = (dx: number) => ({
      pointerId: 7,
      pointerType: 'touch',
      isPrimary: true,
      clientX: box.x + box.width / 2 + dx,
      clientY: box.y + box.height / 2,
    })
    // Held, then let go: heard back, to send or discard.
    await mic.dispatchEvent('pointerdown', at(0))
    const recording = tab.getByTestId('voice-recording')
    await expect(recording).toContainText('Glissez pour annuler')
    await expect(recording.getByRole('status')).toContainText('Enregistrement 0:02', { timeout: 10_000 })
    await expectNoHorizontalScroll(tab)
    await mic.dispatchEvent('pointerup', at(0))
    const preview = tab.getByTestId('voice-preview')
    await expect(preview.getByRole('button', { name: 'Envoyer' })).toBeVisible()
    await expectNoHorizontalScroll(tab)
    await preview.getByRole('button', { name: 'Supprimer' }).click()
    await expect(preview).toBeHidden()

    // Held, slid away, let go: nothing kept, nothing sent.
    await mic.dispatchEvent('pointerdown', at(0))
    await expect(recording.getByRole('status')).toContainText('Enregistrement 0:01', { timeout: 10_000 })
    await mic.dispatchEvent('pointermove', at(-120))
    await expect(recording).toContainText('Relâchez pour annuler')
    await mic.dispatchEvent('pointerup', at(-120))
    await expect(recording).toBeHidden()
    await expect(preview).toBeHidden()
    await expect(tab.locator('.voice-player')).toHaveCount(0)
    await context.close()
  } finally {
    await microphone.close()
  }
  for (const m of [lou, max]) await m.context.close()
})

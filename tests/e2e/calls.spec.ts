import type { Browser, Page } from '@playwright/test'
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
import { fakeMediaBrowser } from './microphone.ts'

// Calls (issue 59) between two Chromium pages with the fake camera and microphone, through the
// coturn the e2e server started, relay only: consent, the ring, the video blurred until the callee
// chooses to see it, the meter with its money, the report and "how was it?", in en at 1280 px and
// fr at 375 px; a decline that the caller cannot tell from silence; and a page opened while a call
// rings (as from the ring's push, ADR 37), which rings.

/** Every peer connection a page makes, kept for its statistics (the test's instrument, not the app's). */
const KEEP_CONNECTIONS = () => {
  const kept: RTCPeerConnection[] = []
  const Original = window.RTCPeerConnection
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config)
      kept.push(this)
    }
  } as typeof RTCPeerConnection
  ;(window as unknown as { kept: RTCPeerConnection[] }).kept = kept
}

/** The call frames a page's socket received, with when. */
function callFrames(page: Page) {
  const frames: Array<{ at: number; frame: Record<string, unknown> }> = []
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload))
      if (String(frame.type).startsWith('call.')) frames.push({ at: Date.now(), frame })
    }),
  )
  return frames
}

/** Two members who both wrote in a conversation, each on a page of the camera browser. */
async function talkingPair(browser: Browser, camera: Browser, names: [string, string]) {
  const a = await newMember(browser, { name: names[0], gender: 'female' })
  const b = await newMember(browser, { name: names[1], gender: 'male' })
  await sandboxBuy(a.page, 500)
  const opened = await a.page.request.post('/api/message.php', {
    data: { profile: b.profileId, text: `Hello ${names[1]}!`, client_id: `call-${Date.now()}-a` },
  })
  const conversation = (await opened.json()).conversation as number
  await speaks(b, 'fr')
  await b.page.request.post('/api/message.php', {
    data: { conversation, text: `Salut ${names[0]} !`, client_id: `call-${Date.now()}-b` },
  })
  const open = async (member: typeof a, width: number) => {
    const context = await camera.newContext({
      storageState: await member.context.storageState(),
      baseURL: E2E_ORIGIN,
      viewport: { width, height: width < 500 ? 740 : 900 },
    })
    await context.addInitScript(KEEP_CONNECTIONS)
    const page = await context.newPage()
    const frames = callFrames(page)
    await page.goto(`/chats/${conversation}`)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    return { page, frames, context }
  }
  return { a: await open(a, 1280), b: await open(b, 375), conversation, members: [a, b] }
}

test('a video call through the relay only: consent both ways, the blurred video shown with one tap, the meter, a report and "how was it?"', async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000)
  const camera = await fakeMediaBrowser()
  try {
    const { a, b } = await talkingPair(browser, camera, ['Anouk', 'Rémi'])
    // Consent: Anouk allows calls; Rémi sees nothing of it until he allows them too.
    await a.page.getByRole('switch', { name: 'Allow calls with Rémi' }).check()
    await expect(a.page.getByRole('button', { name: 'Video call' })).toHaveCount(0)
    await b.page.reload()
    const rSwitch = b.page.getByRole('switch', { name: 'Autoriser les appels avec Anouk' })
    await expect(rSwitch).not.toBeChecked()
    await expect(b.page.getByRole('button', { name: 'Appel vidéo' })).toHaveCount(0)
    await rSwitch.check()
    await expect(b.page.getByRole('button', { name: 'Appel vidéo' })).toBeVisible()
    // Anouk's page hears of it at once, with the price of a minute and its money.
    await expect(a.page.getByRole('button', { name: 'Video call' })).toBeVisible()
    await expect(a.page.getByTestId('call-consent')).toContainText(/15 credits a started minute \(€\d/)
    await expectAccessible(a.page)
    await a.page.screenshot({ path: testInfo.outputPath('consent-1280-en.png') })
    await b.page.screenshot({ path: testInfo.outputPath('consent-375-fr.png') })

    await a.page.getByRole('button', { name: 'Video call' }).click()
    const ring = b.page.getByRole('dialog', { name: 'Appel vidéo de Anouk' })
    await expect(ring).toBeVisible()
    await expect(ring.getByRole('heading')).toContainText('Anouk vous appelle')
    await expectAccessible(b.page)
    await a.page.screenshot({ path: testInfo.outputPath('ringing-1280-en.png') })
    await b.page.screenshot({ path: testInfo.outputPath('ring-375-fr.png') })
    await ring.getByRole('button', { name: 'Répondre avec la caméra' }).click()
    await expect(a.page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'connected', {
      timeout: 15_000,
    })
    await expect(b.page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'connected', {
      timeout: 15_000,
    })

    // The caller's video reaches Rémi blurred, until he chooses to see it; Anouk sees that it is.
    const remote = b.page.getByTestId('call-remote')
    await expect(remote).toHaveClass(/call-blurred/)
    await expect(
      a.page.getByText('Your video reaches Rémi blurred until they choose to see it.'),
    ).toBeVisible()
    await b.page.getByRole('button', { name: 'Voir la vidéo' }).click()
    await expect(remote).not.toHaveClass(/call-blurred/)
    await expect(
      a.page.getByText('Your video reaches Rémi blurred until they choose to see it.'),
    ).toHaveCount(0)

    // Media: video at 640×360 and 15 frames a second or more, audio flowing, through the relay alone.
    const stats = async (page: Page) =>
      page.evaluate(async () => {
        const [pc] = (window as unknown as { kept: RTCPeerConnection[] }).kept
        const report = await pc.getStats()
        const all = [...report.values()] as Array<Record<string, unknown>>
        const video = all.find((s) => s.type === 'inbound-rtp' && s.kind === 'video')
        const audio = all.find((s) => s.type === 'inbound-rtp' && s.kind === 'audio')
        // The pair the media take: the transport's selected one (a pair's own flags change as ICE checks go on).
        const transport = all.find((s) => s.type === 'transport' && s.selectedCandidatePairId)
        const pair = all.find((s) => s.id === transport?.selectedCandidatePairId)
        const local = all.find((s) => s.id === pair?.localCandidateId)
        const remoteCandidate = all.find((s) => s.id === pair?.remoteCandidateId)
        return {
          fps: Number(video?.framesPerSecond ?? 0),
          width: Number(video?.frameWidth ?? 0),
          height: Number(video?.frameHeight ?? 0),
          audioBytes: Number(audio?.bytesReceived ?? 0),
          localType: local?.candidateType,
          remoteType: remoteCandidate?.candidateType,
          remoteAddress: remoteCandidate?.address,
        }
      })
    await expect.poll(async () => (await stats(b.page)).fps, { timeout: 15_000 }).toBeGreaterThanOrEqual(15)
    for (const page of [a.page, b.page]) {
      const first = await stats(page)
      expect(first).toMatchObject({
        width: 640,
        height: 360,
        localType: 'relay',
        remoteType: 'relay',
        remoteAddress: '127.0.0.2',
      })
      await expect.poll(async () => (await stats(page)).audioBytes).toBeGreaterThan(first.audioBytes)
    }
    // Every candidate either page received is the relay's, with the member's own address blanked.
    for (const { frames } of [a, b]) {
      const received = frames.flatMap(({ frame }) => {
        const description = (frame.description as { sdp?: string } | undefined)?.sdp ?? ''
        const candidate = (frame.candidate as { candidate?: string } | undefined)?.candidate
        return [
          ...description.split('\r\n').filter((l) => l.startsWith('a=candidate:')),
          ...(candidate ? [candidate] : []),
        ]
      })
      expect(received.length).toBeGreaterThan(0)
      for (const line of received)
        expect(line).toMatch(/ 127\.0\.0\.2 \d+ typ relay raddr 0\.0\.0\.0 rport 0/)
    }

    // The meter counts the call and its price, with the money beside it.
    await expect(a.page.getByTestId('call-meter')).toContainText(/^0:\d\d · 15 credits \(€\d/)
    // Only the caller pays: Rémi's meter is the call's time.
    await expect(b.page.getByTestId('call-meter')).toHaveText(/^0:\d\d$/)
    await expectNoHorizontalScroll(b.page)
    await expectAccessible(a.page)
    await a.page.screenshot({ path: testInfo.outputPath('call-1280-en.png') })
    await b.page.screenshot({ path: testInfo.outputPath('call-375-fr.png') })

    // Rémi reports during the call: its metadata only.
    await b.page.getByTestId('call-screen').getByRole('button', { name: 'Signaler' }).click()
    await expect(b.page.getByText('Signalé. Nos modérateurs vont regarder')).toBeVisible()
    // Anouk ends it; both are asked how it was, in two taps.
    await a.page.getByRole('button', { name: 'End call' }).click()
    await expect(a.page.getByTestId('call-ended')).toHaveText('Call ended')
    await expect(b.page.getByTestId('call-ended')).toHaveText('Appel terminé')
    await b.page.getByRole('button', { name: 'Bien' }).click()
    await expect(b.page.getByText('Merci.')).toBeVisible()
    await b.page.getByRole('button', { name: 'Fermer' }).click()
    await expect(b.page.getByTestId('call-screen')).toHaveCount(0)
  } finally {
    await camera.close()
  }
})

test('a decline and an unanswered ring end alike for the caller: the same frames, at the end of the 30 s ring', async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000)
  const camera = await fakeMediaBrowser()
  try {
    const pairs = await Promise.all([
      talkingPair(browser, camera, ['Chloé', 'Denis']),
      talkingPair(browser, camera, ['Fanny', 'Gaspard']),
    ])
    for (const { a, b } of pairs) {
      await a.page.getByRole('switch').check()
      await b.page.getByRole('switch').check()
      await expect(a.page.getByRole('button', { name: 'Voice call' })).toBeVisible()
    }
    // When each ring ends, as the server set it (this machine's clock, which the test shares).
    const ringEnds = await Promise.all(
      pairs.map(async ({ a }) => {
        const answer = a.page.waitForResponse((r) => r.url().endsWith('/api/call.php'))
        await a.page.getByRole('button', { name: 'Voice call' }).click()
        return Date.parse((await (await answer).json()).ring_ends_at)
      }),
    )
    // Denis declines at once; Gaspard lets it ring.
    const declining = pairs[0].b.page.getByRole('dialog', { name: 'Appel vocal de Chloé' })
    await declining.getByRole('button', { name: 'Refuser' }).click()
    await expect(declining).toHaveCount(0)
    await expect(pairs[1].b.page.getByRole('dialog', { name: 'Appel vocal de Fanny' })).toBeVisible()
    for (const { a } of pairs)
      await expect(a.page.getByTestId('call-ended')).toHaveText('No answer', { timeout: 35_000 })
    const heard = pairs.map(({ a }, i) => ({
      frames: a.frames
        .filter(({ frame }) => frame.type !== 'call.consent')
        .map(({ frame }) => ({ ...frame, call: 0 })),
      // How long after its ring's end the caller's page heard it ended.
      late: (a.frames.at(-1)?.at ?? 0) - ringEnds[i],
    }))
    expect(heard[0].frames).toEqual([{ type: 'call.ended', call: 0, reason: 'no_answer' }])
    expect(heard[1].frames).toEqual(heard[0].frames)
    // Both at the end of the 30 s ring, the decline no sooner than the silence. Within a second of
    // each other: what two pages' sockets and event loops add on a busy machine (CI64 read 111 ms),
    // not a difference a caller could read beside a 30 s ring.
    for (const { late } of heard) expect(late).toBeGreaterThanOrEqual(0)
    expect(Math.abs(heard[0].late - heard[1].late)).toBeLessThan(1_000)
    // The ring that was not answered is gone from Gaspard's screen too.
    await expect(pairs[1].b.page.getByTestId('call-screen')).toHaveCount(0)
  } finally {
    await camera.close()
  }
})

test('a page the callee opens while a call rings, as from its push, rings and answers', async ({
  browser,
}, testInfo) => {
  testInfo.setTimeout(120_000)
  const camera = await fakeMediaBrowser()
  try {
    const { a, b, conversation } = await talkingPair(browser, camera, ['Inès', 'Jules'])
    await a.page.getByRole('switch').check()
    await b.page.getByRole('switch').check()
    await expect(a.page.getByRole('button', { name: 'Voice call' })).toBeVisible()
    // Jules has no page of the site open when Inès calls.
    await b.page.close()
    const started = a.page.waitForResponse((r) => r.url().endsWith('/api/call.php'))
    await a.page.getByRole('button', { name: 'Voice call' }).click()
    expect((await started).status()).toBe(200)
    const page = await b.context.newPage()
    await page.goto(`/chats/${conversation}`)
    const ring = page.getByRole('dialog', { name: 'Appel vocal de Inès' })
    await expect(ring).toBeVisible()
    await expect(ring.getByRole('heading')).toContainText('Inès vous appelle')
    await page.screenshot({ path: testInfo.outputPath('ring-on-open-375-fr.png') })
    await ring.getByRole('button', { name: 'Répondre sans caméra' }).click()
    await expect(a.page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'connected', {
      timeout: 15_000,
    })
    await expect(page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'connected', {
      timeout: 15_000,
    })
  } finally {
    await camera.close()
  }
})

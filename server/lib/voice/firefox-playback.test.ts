import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { createVoiceProcessor } from './voice-processor.ts'

// A voice note is kept in AAC in MP4 because every current browser plays it (ADR 36). The
// journeys hear it in Chromium; here Firefox (Debian's firefox-esr, headless, installed by .ci/run)
// reads what the voice thread keeps, both as a page's <audio> element and decoded by Web Audio.

const run = promisify(execFile)

/** The page Firefox opens: it reports what it heard, and its image waits until it has. */
const PAGE = `<!doctype html><meta charset="utf-8"><body>
<audio id="a" preload="auto" src="/voice.m4a"></audio>
<script>
const say = (what) => fetch('/report?' + encodeURIComponent(JSON.stringify(what)))
const a = document.getElementById('a')
const element = new Promise((resolve) => {
  a.addEventListener('loadedmetadata', () => resolve({ element: a.duration, type: a.canPlayType('audio/mp4; codecs="mp4a.40.2"') }))
  a.addEventListener('error', () => resolve({ elementError: a.error && a.error.code }))
})
const decoded = fetch('/voice.m4a').then((r) => r.arrayBuffer()).then((b) => new AudioContext().decodeAudioData(b))
  .then((buffer) => ({ decoded: buffer.duration }), (error) => ({ decodeError: String(error) }))
Promise.all([element, decoded]).then(([e, d]) => say({ ...e, ...d })).finally(() => fetch('/done'))
</script><img src="/wait.png" alt=""></body>`
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

it('Firefox plays and decodes a kept voice note to the length the server measured', {
  timeout: 90_000,
}, async () => {
  const voice = createVoiceProcessor(1)
  const recording = await readFile(new URL('../../../tests/fixtures/voice-6s.webm', import.meta.url))
  const kept = await voice.process({ audio: new Uint8Array(recording), maxSeconds: 60 })
  await voice.close()
  if (!kept.ok) throw new Error(kept.refused)

  let heard: Record<string, unknown> | null = null
  let done: () => void = () => {}
  const finished = new Promise<void>((resolve) => {
    done = resolve
  })
  const server = createServer((req, res) => {
    const url = req.url ?? '/'
    if (url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)
    if (url === '/voice.m4a') return res.writeHead(200, { 'content-type': 'audio/mp4' }).end(kept.m4a)
    if (url.startsWith('/report?')) heard = JSON.parse(decodeURIComponent(url.slice('/report?'.length)))
    if (url === '/done') done()
    if (url === '/wait.png') {
      // The page's load (and so Firefox's screenshot and exit) waits for what it reports.
      const waited = setTimeout(done, 30_000)
      return void finished.then(() => {
        clearTimeout(waited)
        res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL)
      })
    }
    res.writeHead(url.startsWith('/report') || url === '/done' ? 200 : 404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const home = await mkdtemp(path.join(tmpdir(), 'firefox-'))
  try {
    const { port } = server.address() as AddressInfo
    await run(
      'firefox-esr',
      ['--headless', '--no-remote', '--screenshot', path.join(home, 'page.png'), `http://127.0.0.1:${port}/`],
      { env: { ...process.env, HOME: home, MOZ_HEADLESS: '1' }, timeout: 60_000 },
    )
  } finally {
    server.close()
    await rm(home, { recursive: true, force: true })
  }
  expect(heard).toMatchObject({ type: 'probably' })
  const { element, decoded } = heard as unknown as { element: number; decoded: number }
  expect(Math.abs(element - kept.seconds)).toBeLessThan(0.1)
  expect(Math.abs(decoded - kept.seconds)).toBeLessThan(0.1)
})

import { readFile } from 'node:fs/promises'
import { parseBuffer } from 'music-metadata'
import { afterAll, describe, expect, it } from 'vitest'
import { testJpeg } from '../../../tests/support/images.ts'
import { WAVEFORM_BARS } from './voice-messages.ts'
import { createVoiceProcessor } from './voice-processor.ts'

// A real recording: six seconds of a tone that swells and fades every half second, recorded by
// Chromium's MediaRecorder (Opus in WebM, as members' browsers send it; like theirs, its header
// gives no duration).
const RECORDING = new URL('../../../tests/fixtures/voice-6s.webm', import.meta.url)
const voice = createVoiceProcessor()
afterAll(() => voice.close())

describe('voice processing', () => {
  it('measures a recording, draws its waveform and encodes it in AAC in MP4', async () => {
    const heard = await voice.process({ audio: await readFile(RECORDING), maxSeconds: 60 })
    if (!heard.ok) throw new Error(heard.refused)
    expect(heard.seconds).toBeGreaterThan(5.5)
    expect(heard.seconds).toBeLessThan(6.5)
    expect(heard.levels).toHaveLength(WAVEFORM_BARS)
    expect(Math.max(...heard.levels)).toBe(100)
    expect(Math.min(...heard.levels)).toBeLessThan(50)
    const kept = await parseBuffer(heard.m4a, { mimeType: 'audio/mp4' }, { duration: true })
    expect(kept.format.container).toMatch(/M4A|mp4|isom/i)
    expect(kept.format.codec).toMatch(/AAC/i)
    expect(Math.abs((kept.format.duration ?? 0) - heard.seconds)).toBeLessThan(0.2)
    // About 24 kbit/s: a minute stays under 200 KB.
    expect(heard.m4a.length / heard.seconds).toBeLessThan(200_000 / 60)
  })

  it('refuses a recording longer than allowed, whatever its header says, reading no more than that', async () => {
    expect(await voice.process({ audio: await readFile(RECORDING), maxSeconds: 5 })).toEqual({
      ok: false,
      refused: 'voice.too_long',
    })
  })

  it('refuses what is not audio: an image, noise, nothing', async () => {
    const notAudio = { ok: false, refused: 'voice.not_audio' }
    expect(await voice.process({ audio: await testJpeg(64, '#336699'), maxSeconds: 60 })).toEqual(notAudio)
    const noise = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256))
    expect(await voice.process({ audio: noise, maxSeconds: 60 })).toEqual(notAudio)
    expect(await voice.process({ audio: new Uint8Array(0), maxSeconds: 60 })).toEqual(notAudio)
  })

  it('refuses a recording cut to its first half second: nothing to hear', async () => {
    const whole = await readFile(RECORDING)
    const heard = await voice.process({ audio: whole.subarray(0, 600), maxSeconds: 60 })
    expect(heard.ok).toBe(false)
  })
})

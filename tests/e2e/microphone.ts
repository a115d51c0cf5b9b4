import { chromium } from '@playwright/test'

/** A browser whose microphone hears this WAV file (Chromium's fake capture device). */
export function microphoneHearing(wav: string) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  })
}

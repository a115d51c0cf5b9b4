import { chromium } from '@playwright/test'

/**
 * A browser with Chromium's fake camera and microphone, granted without asking: the test pattern
 * video, and a beep, or the WAV file given (`--use-file-for-fake-audio-capture`).
 */
export function fakeMediaBrowser(extraArgs: string[] = []) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      ...extraArgs,
    ],
  })
}

/** A browser whose microphone hears this WAV file (Chromium's fake capture device). */
export function microphoneHearing(wav: string) {
  return fakeMediaBrowser([`--use-file-for-fake-audio-capture=${wav}`])
}

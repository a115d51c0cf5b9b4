import { writeFile } from 'node:fs/promises'

/**
 * Writes a WAV file Chromium's fake microphone plays (--use-file-for-fake-audio-capture): a
 * spoken-like tone, 16-bit mono at 48 kHz, swelling and fading four times a second.
 */
export async function writeToneWav(file: string, seconds: number): Promise<void> {
  const rate = 48_000
  const samples = Math.round(rate * seconds)
  const data = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i++) {
    const t = i / rate
    const swell = 0.2 + 0.8 * Math.abs(Math.sin(Math.PI * 2 * t))
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * 220 * t) * swell * 20_000), i * 2)
  }
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  await writeFile(file, Buffer.concat([header, data]))
}

import { writeFile } from 'node:fs/promises'
import sharp from 'sharp'

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`): YUV4MPEG2, 4:2:0,
 * each picture shown for `framesEach` frames at 10 frames a second, in turn, looping. Written from
 * images (no ffmpeg on these machines): the pictures are fitted into `width`×`height`, on black.
 */
export async function writeY4m(
  file: string,
  pictures: Buffer[],
  { width = 640, height = 480, framesEach = 10 } = {},
): Promise<void> {
  const chunks: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)]
  for (const picture of pictures) {
    const rgb = await sharp(picture)
      .resize(width, height, { fit: 'contain', background: '#000' })
      .removeAlpha()
      .raw()
      .toBuffer()
    const y = Buffer.alloc(width * height)
    const u = Buffer.alloc((width / 2) * (height / 2))
    const v = Buffer.alloc((width / 2) * (height / 2))
    for (let row = 0; row < height; row++)
      for (let col = 0; col < width; col++) {
        const i = (row * width + col) * 3
        const [r, g, b] = [rgb[i], rgb[i + 1], rgb[i + 2]]
        y[row * width + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b)
        if (row % 2 === 0 && col % 2 === 0) {
          const j = (row / 2) * (width / 2) + col / 2
          u[j] = Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)
          v[j] = Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)
        }
      }
    const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v])
    for (let n = 0; n < framesEach; n++) chunks.push(frame)
  }
  await writeFile(file, Buffer.concat(chunks))
}

import { randomBytes } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { AppError } from '#server/lib/errors.ts'
import { createGate } from './gate.ts'
import { SHOWN_ON } from './image-background.ts'
import type { MediaStore } from './media-store.ts'
import { perceptualHash } from './perceptual-hash.ts'

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/**
 * The most pixels an image may declare: a phone's 24-megapixel photo passes, a small file that
 * declares a huge canvas (a PNG bomb: 115 KB that decodes to 160 MB) is refused from its header.
 */
const MAX_INPUT_PIXELS = 25_000_000
const DISPLAY_SIZE = 1080
const THUMB_SIZE = 240
/**
 * Images decoded at once on a node, and waiting for their turn: each decode holds up to about
 * 100 MB, so a burst of uploads waits (or is told to try again) instead of taking the node's memory.
 */
const decodes = createGate({ running: 2, waiting: 16, busy: 'photos.busy' })

const FORMATS = ['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']

/**
 * Reads what an image declares (format, size) from its header alone, without decoding it, and
 * refuses a file that is not an image or declares too many pixels.
 */
export async function checkImageHeader(input: Buffer): Promise<void> {
  let metadata: Metadata
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw new AppError('photos.not_image', 400)
  }
  if (!metadata.width || !metadata.height || !FORMATS.includes(metadata.format ?? ''))
    throw new AppError('photos.not_image', 400)
  if (metadata.width * metadata.height * (metadata.pages ?? 1) > MAX_INPUT_PIXELS)
    throw new AppError('photos.too_many_pixels', 400, { mp: MAX_INPUT_PIXELS / 1_000_000 })
}

/**
 * Decodes an uploaded file once and writes a display image and a square thumbnail, both re-encoded
 * (WebP): no metadata of the original survives, GPS included. A file that is not an image, or
 * declares too many pixels, is refused from its header before anything is decoded; decodes take
 * their turn (at most two at once on a node).
 */
export async function storeImage(
  input: Buffer,
  media: MediaStore,
  /** u: profile photos; c: photos sent in chats. */
  folder: 'u' | 'c',
  /** Now, from the app's clock: the month folder the files go to. */
  at: Date,
): Promise<{ filename: string; thumbFilename: string; phash: bigint }> {
  await checkImageHeader(input)
  const { display, thumb, phash } = await decodes
    .run(async () => {
      // One decode, shrunk on load where the format allows (JPEG, WebP): the thumbnail and the
      // hash come from the display-sized pixels, not from decoding the original again.
      const upright = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize(DISPLAY_SIZE, DISPLAY_SIZE, { fit: 'inside', withoutEnlargement: true })
        // Stored as the models judged it: transparency laid on the page's white (image-background.ts).
        .flatten({ background: SHOWN_ON })
        .raw()
        .toBuffer({ resolveWithObject: true })
      const pixels = () =>
        sharp(upright.data, {
          raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels },
        })
      return Promise.all([
        pixels().webp({ quality: 82 }).toBuffer(),
        pixels()
          .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover', position: 'attention' })
          .webp({ quality: 78 })
          .toBuffer(),
        perceptualHash(pixels()),
      ]).then(([display, thumb, phash]) => ({ display, thumb, phash }))
    })
    .catch((error: unknown) => {
      if (error instanceof AppError) throw error
      throw new AppError('photos.not_image', 400)
    })
  const month = at.toISOString().slice(0, 7)
  const base = `${folder}/${month}/${randomBytes(16).toString('hex')}`
  await Promise.all([
    media.put(`${base}.webp`, display, 'image/webp'),
    media.put(`${base}-thumb.webp`, thumb, 'image/webp'),
  ])
  return { filename: `${base}.webp`, thumbFilename: `${base}-thumb.webp`, phash }
}
